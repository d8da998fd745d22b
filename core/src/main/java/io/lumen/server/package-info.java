/**
 * The Undertow server built from {@code server.yml} and its lifecycle: listeners (HTTP, HTTPS,
 * HTTP/2), startup and shutdown hooks found with {@link java.util.ServiceLoader}, readiness, and
 * graceful shutdown that drains in-flight requests for up to {@code shutdownGracefulPeriod}.
 *
 * <p>Also the root handlers every request passes before a service's own handler, public so that an
 * embedding with its own Undertow root can reuse them: {@link io.lumen.server.Http2StreamLimit}
 * (concurrent HTTP/2 streams), {@link io.lumen.server.ProtocolGuard} (HTTP versions and transfer
 * codings RFC 9112 does not let a server guess about) and {@link io.lumen.server.RequestBodies}
 * (100-continue, the body size limit, the body idle timeout, a body that breaks off:
 * {@link io.lumen.server.BrokenBodyException}). In front of Undertow's h2c upgrade handler, on each
 * plain-HTTP listener, {@code H2cUpgradeGuard} refuses an {@code HTTP2-Settings} header that does not decode.
 */
package io.lumen.server;
