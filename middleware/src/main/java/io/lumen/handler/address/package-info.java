/**
 * Client address ranges (CIDR) for the admin endpoints that change state: {@code POST /adm/logger}
 * (logger.yml {@code changesFrom}) and {@code POST /adm/reload} (reload.yml {@code allowedFrom}), both
 * loopback-only by default. Parsed at startup; matching runs on the IO thread without allocating.
 */
package io.lumen.handler.address;
