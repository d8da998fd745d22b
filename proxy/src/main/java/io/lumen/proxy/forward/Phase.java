package io.lumen.proxy.forward;

/**
 * Where one {@link ProxyExchange} stands. The phase alone says which callbacks still matter and, when
 * the exchange ends, whether its upstream connection can be reused. Legal transitions (anything
 * else is a bug):
 *
 * <pre>
 * WAITING  -&gt; SENDING             a connection was leased and the request handed to it
 * SENDING  -&gt; SENT                the whole request (head and body) is with the upstream
 * SENDING  -&gt; ANSWERED | TUNNELED  the upstream answered before the upload ended (e.g. an early 413)
 * SENT     -&gt; ANSWERED | TUNNELED  the response headers arrived (TUNNELED: a 101 to an upgrade)
 * WAITING, SENDING, SENT -&gt; WAITING  the try failed (no connection, reset, refused unprocessed)
 *                                    and another one starts
 * any      -&gt; DONE                answered in full, failed with the error JSON, aborted, timed out
 * </pre>
 *
 * A timeout ends the exchange from WAITING, SENDING or SENT; nothing else needs to remember it,
 * since a connection is reusable only when nothing was sent on it (WAITING) or the response was
 * read to its end after the whole request was sent (ANSWERED).
 */
enum Phase {
    /** Waiting for a connection to the upstream (the idle timeout runs); nothing sent on one yet. */
    WAITING,
    /** The request is being written to the upstream: its head, then the client's body or the kept copy. */
    SENDING,
    /** Every byte of the request is with the upstream; the request timeout runs until the response headers. */
    SENT,
    /** The response headers were forwarded; its body is streaming to the client (the idle timeout runs). */
    ANSWERED,
    /** The upstream accepted an upgrade: its connection belongs to the tunnel, never to the pool. */
    TUNNELED,
    /** Over: late callbacks are ignored and the upstream connection was given back or closed. */
    DONE;

    /** The response headers came (the request can no longer be tried elsewhere). */
    boolean answered() {
        return this == ANSWERED || this == TUNNELED;
    }

    /** Whether the table above allows going from this phase to {@code next}. */
    boolean canMoveTo(Phase next) {
        return switch (next) {
            case WAITING -> this == WAITING || this == SENDING || this == SENT;
            case SENDING -> this == WAITING;
            case SENT -> this == SENDING;
            case ANSWERED, TUNNELED -> this == SENDING || this == SENT;
            case DONE -> true;
        };
    }

    /** Which of the exchange's timers runs in a phase: one at a time, on the timer wheel the exchange is a node of. */
    enum Timer {
        /** None: the exchange is over, or timeouts are off. */
        NONE,
        /** The request timeout: from the request fully sent to the response headers (phase SENT). */
        REQUEST,
        /** The idle check: no byte moved for {@code streamIdleTimeout} (waiting, uploading, downloading). */
        IDLE
    }
}
