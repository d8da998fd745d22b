/**
 * The per-IO-thread upstream connection pool, in lumen-client beside the connector it opens
 * connections with ({@link io.lumen.client.connect.UpstreamConnector}): the one pool of Lumen,
 * used by lumen-proxy's forwarding (one {@link io.lumen.client.pool.ConnectionPool} per upstream)
 * and by lumen-client's calls (one per origin, on the origin's home IO thread), and so by the
 * proxy's health checks, which are client calls.
 * A request on an IO thread borrows a connection opened on that same thread
 * ({@link io.lumen.client.pool.ConnectionPool#acquire} with a {@link io.lumen.client.pool.Lease}, given
 * a {@link io.lumen.client.pool.PooledConnection}), so it never changes threads and takes no lock:
 * HTTP/1.1 connections one request at a time, HTTP/2 ones (ALPN, an h2c upgrade the pool settles,
 * or h2c by prior knowledge)
 * up to the upstream's stream limit, exclusive HTTP/1.1 connections for Upgrade requests, a bounded
 * waiter queue per thread, connections retired after {@code maxRequests} or {@code expireTime}
 * (closed when their last request ends), and every connection when the pool is retired; a waiting
 * lease that gives up leaves the queue ({@link io.lumen.client.pool.ConnectionPool#cancel}); counts
 * per thread, summed in {@link io.lumen.client.pool.PoolStats}. A {@link io.lumen.client.pool.PooledConnection}
 * resets HTTP/2 streams (retired after 10,000 resets) and batches the flushes of requests sent on
 * its IO thread. {@link io.lumen.client.pool.RequestTimers} keeps request timeouts per IO thread
 * for the proxy's exchanges and the client's calls.
 * {@code ThreadSlot} (one thread's connections and waiters) and
 * {@code SlotConnects} (opening and settling connections) are package-private;
 * {@link io.lumen.client.pool.PerIoThread} finds a thread's object without a lock, and
 * {@link io.lumen.client.pool.UndertowConnections} reads the Undertow internals both pools need.
 */
package io.lumen.client.pool;
