/**
 * The upstreams: load balancing, one connection pool per upstream (lumen-client's per-IO-thread
 * {@link io.lumen.client.pool.ConnectionPool}), active and passive health, the retry budget. Public
 * are the types the other proxy packages use: the set ({@link io.lumen.proxy.upstream.Upstreams},
 * {@link io.lumen.proxy.upstream.Upstream}), the retry budget, and what the per-service runtime
 * builds ({@link io.lumen.proxy.upstream.HealthChecker}, {@link io.lumen.proxy.upstream.UpstreamDiscovery}).
 */
package io.lumen.proxy.upstream;
