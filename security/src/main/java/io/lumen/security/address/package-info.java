/**
 * The {@code ipfilter} middleware: allow and deny lists of client address ranges (CIDR), per route
 * path prefix, with the client found behind trusted proxies through {@code X-Forwarded-For}.
 * IO thread, no blocking, no DNS.
 */
package io.lumen.security.address;
