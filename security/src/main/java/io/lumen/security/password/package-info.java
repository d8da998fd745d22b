/**
 * Password hashes in configuration: bcrypt ({@code $2a$}, {@code $2b$}, {@code $2y$}) and argon2
 * (PHC strings, {@code $argon2id$v=19$m=...,t=...,p=...$salt$hash}) through Bouncy Castle, and the
 * SHA-256 form of API keys ({@code sha256:<hex>}). Parsed at startup; comparisons in constant time.
 */
package io.lumen.security.password;
