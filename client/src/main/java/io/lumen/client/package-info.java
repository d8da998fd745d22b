/**
 * Lumen's HTTP client: {@link io.lumen.client.LumenClient} sends immutable
 * {@link io.lumen.client.Request}s over HTTP/1.1 or HTTP/2 (ALPN on TLS, h2c with prior knowledge)
 * and completes a {@link java.util.concurrent.CompletableFuture} with a
 * {@link io.lumen.client.Response} or a {@link io.lumen.client.ClientException} (ERR13000-ERR13006).
 *
 * <p>Built on Undertow's client and an XNIO worker: no thread per request, futures complete on the
 * IO thread. Package-private classes: {@code OriginPool} (connections, waiters and {@code DeadlineList} of one origin),
 * {@code Conn} (one connection), {@code Call} (one send: callbacks, deadline, retries),
 * {@code ClientTls} (per-client SSL context), {@code ClientErrors} (catalogue statuses).
 */
package io.lumen.client;
