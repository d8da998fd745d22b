/**
 * The {@code basic} middleware: HTTP Basic authentication (RFC 7617) against users in
 * {@code basic-auth.yml} whose passwords are stored as bcrypt or argon2 hashes, each user limited to
 * path prefixes if configured. Hash checks run on a worker thread; successes are remembered.
 */
package io.lumen.security.basic;
