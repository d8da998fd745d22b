/**
 * Lumen's HTTP client: {@link io.lumen.client.LumenClient} sends immutable
 * {@link io.lumen.client.Request}s over HTTP/1.1 or HTTP/2 (ALPN on TLS, h2c with prior knowledge)
 * and completes a {@link java.util.concurrent.CompletableFuture} with a
 * {@link io.lumen.client.Response} or a {@link io.lumen.client.ClientException} (ERR19020-ERR19026).
 * {@link io.lumen.client.LumenClientBuilder} takes every {@code client.yml} key through a typed
 * setter, over a bound {@link io.lumen.client.ClientConfig}.
 *
 * <p>Built on Undertow's client and an XNIO worker: no thread per request, futures complete on the
 * IO thread. Package-private classes: {@code ClientContext} (what the parts below the facade share:
 * settings, errors, clock, transport, the closed flag), {@code ClientTransport} (worker, buffer pool, TLS context from
 * core's {@code io.lumen.tls.SslContexts}, connect options: set up once per client), {@code Origins}
 * (the pools per origin and per discovered address, the deadline tick and the idle sweep),
 * {@code OriginPool} (lending and queueing on one origin's connections, its {@code DeadlineList}),
 * {@code OriginConnects} (one pool's connects, opened by {@link io.lumen.client.connect.UpstreamConnector}, the
 * connector the proxy shares: connect, TLS/ALPN or h2c, connect timeout),
 * {@code Conn} (one connection), {@code Call} (one send: callbacks, deadline, retries) with its {@code ResponseBody} (the body
 * read within {@code maxResponseSize}),
 * {@code ClientErrors} (catalogue statuses).
 */
package io.lumen.client;
