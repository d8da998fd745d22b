package io.lumen.client.pool;

/**
 * A snapshot of one {@link ConnectionPool}'s counts, summed over its IO threads (or, from the
 * client, over several origins). Read without a lock while the IO threads work, so a snapshot taken
 * under load may be off by a request or two; once the pool is quiet it is exact.
 *
 * @param open       open connections (idle + busy)
 * @param idle       open connections with no request in flight
 * @param busy       open connections with at least one request in flight
 * @param connecting connections being opened (TCP connect and TLS handshake)
 * @param abandoned  connects given up after {@code connectTimeout} whose socket has not resolved yet;
 *                   closed as soon as they complete, never used
 * @param inFlight   requests sent and not finished (HTTP/2 counts every stream)
 * @param pending    requests waiting for a connection
 * @param opened     connections opened since the pool was made
 * @param closed     connections closed since the pool was made
 */
public record PoolStats(int open, int idle, int busy, int connecting, int abandoned, int inFlight, int pending,
                        long opened, long closed) {

    public static final PoolStats EMPTY = new PoolStats(0, 0, 0, 0, 0, 0, 0, 0, 0);

    public PoolStats plus(PoolStats o) {
        return new PoolStats(open + o.open, idle + o.idle, busy + o.busy, connecting + o.connecting,
                abandoned + o.abandoned, inFlight + o.inFlight, pending + o.pending, opened + o.opened,
                closed + o.closed);
    }
}
