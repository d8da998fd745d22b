/**
 * The Undertow server built from {@code server.yml} and its lifecycle: listeners (HTTP, HTTPS,
 * HTTP/2), startup and shutdown hooks found with {@link java.util.ServiceLoader}, readiness, and
 * graceful shutdown that drains in-flight requests for up to {@code shutdownGracefulPeriod}.
 */
package io.lumen.server;
