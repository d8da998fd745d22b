/**
 * The upstreams: load balancing, per-IO-thread connection pools (HTTP/1.1 and HTTP/2), active and
 * passive health, the retry budget. Public are the types the other proxy packages use: the set
 * ({@link io.lumen.proxy.upstream.Upstreams}, {@link io.lumen.proxy.upstream.Upstream}), a request's side of
 * a pool ({@link io.lumen.proxy.upstream.ConnectionPool#acquire}, {@link io.lumen.proxy.upstream.Lease},
 * {@link io.lumen.proxy.upstream.PooledConnection}), the retry budget, and what the per-service runtime
 * builds ({@link io.lumen.proxy.upstream.HealthChecker}, {@link io.lumen.proxy.upstream.UpstreamDiscovery}).
 * {@code SlotConnects} (opens connections through lumen-client's
 * {@link io.lumen.client.connect.UpstreamConnector}, settles h2c/ALPN) and {@code ThreadSlot} (one IO
 * thread's connections) are package-private.
 */
package io.lumen.proxy.upstream;
