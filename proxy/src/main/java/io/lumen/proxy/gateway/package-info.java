/**
 * The {@code gateway} handler: one Lumen service in front of many upstream services. Routes
 * ({@code gateway.yml}, or light-gateway's {@code pathPrefixService.yml}, {@code direct-registry.yml}
 * and {@code router.yml}) pick a service by path prefix and optionally host, method and headers;
 * each service is a proxy of its own ({@code io.lumen.proxy.ProxyRuntime}: hosts, balancing,
 * health, ejection, timeouts, retries, TLS, HTTP/2). {@code GatewayHandler} is the handler,
 * {@code GatewayRuntime} what it keeps while the service runs, {@code RoutePlanner} turns the
 * config into a {@code RouteTable} (a character trie: lookup in O(path length)) or refuses it with
 * every problem at its file:line, {@code PathRewrite} rewrites the upstream path and
 * {@code io.lumen.handler.prefix.UnsafePaths} refuses paths that could leave a prefix.
 */
package io.lumen.proxy.gateway;
