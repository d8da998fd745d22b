/**
 * Lumen's HTTP client: {@link io.lumen.client.LumenClient} sends immutable
 * {@link io.lumen.client.Request}s over HTTP/1.1 or HTTP/2 (ALPN on TLS, h2c with prior knowledge)
 * and completes a {@link java.util.concurrent.CompletableFuture} with a
 * {@link io.lumen.client.Response} or a {@link io.lumen.client.ClientException} (ERR19020-ERR19026).
 * {@link io.lumen.client.LumenClientBuilder} takes every {@code client.yml} key through a typed
 * setter, over a bound {@link io.lumen.client.ClientConfig}.
 *
 * <p>Built on Undertow's client and an XNIO worker: no thread per request, futures complete on the
 * IO thread. Connections come from the {@link io.lumen.client.pool.ConnectionPool} the proxy uses
 * too. Package-private classes: {@code ClientContext} (what the parts below the facade share:
 * settings, errors, clock, transport, timers, the closed flag), {@code ClientTransport} (worker,
 * buffer pool, TLS context from core's {@code io.lumen.tls.SslContexts}, connect options, and the
 * settings of each origin's pool: set up once per client), {@code Origins} (one {@code Origin} per
 * origin and per discovered address), {@code Origin} (its pool, breaker and home IO thread),
 * {@code Call} (one send, a {@link io.lumen.client.pool.Lease}: timeout, retries, breaker) and its
 * {@code Attempt} half (the bytes of one attempt on one connection), with its
 * {@code ResponseBody} (the body read within {@code maxResponseSize}), {@code ClientErrors}
 * (catalogue statuses).
 */
package io.lumen.client;
