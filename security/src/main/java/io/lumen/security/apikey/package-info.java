/**
 * The {@code apikey} middleware: API keys from a header, a query parameter or a cookie, per route
 * path prefix, checked against their SHA-256 digests in {@code apikey.yml}. IO thread, no blocking.
 */
package io.lumen.security.apikey;
