/**
 * The per-IO-thread upstream connection pool, in lumen-client beside the connector it opens
 * connections with ({@link io.lumen.client.connect.UpstreamConnector}). Today lumen-proxy's
 * forwarding uses it (one {@link io.lumen.client.pool.ConnectionPool} per upstream); lumen-client's
 * own calls still go through its per-origin {@code OriginPool} (docs/client.md says what is left).
 * A request on an IO thread borrows a connection opened on that same thread
 * ({@link io.lumen.client.pool.ConnectionPool#acquire} with a {@link io.lumen.client.pool.Lease}, given
 * a {@link io.lumen.client.pool.PooledConnection}), so it never changes threads and takes no lock:
 * HTTP/1.1 connections one request at a time, HTTP/2 ones (ALPN, an h2c upgrade the pool settles,
 * or h2c by prior knowledge)
 * up to the upstream's stream limit, exclusive HTTP/1.1 connections for Upgrade requests, a bounded
 * waiter queue per thread, connections retired after {@code maxRequests} or {@code expireTime}
 * (closed when their last request ends), and every connection when the pool is retired. {@link io.lumen.client.pool.StreamLimit} (the upstream's
 * stream limit, remembered across connections) is used by the client's {@code OriginPool} too.
 * {@code ThreadSlot} (one thread's connections and waiters) and
 * {@code SlotConnects} (opening and settling connections) are package-private;
 * {@link io.lumen.client.pool.PerIoThread} finds a thread's object without a lock, and
 * {@link io.lumen.client.pool.UndertowConnections} reads the Undertow internals both pools need.
 */
package io.lumen.client.pool;
