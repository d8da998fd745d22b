package io.lumen.proxy.forward;

import io.lumen.client.pool.Lease;
import io.lumen.client.pool.PooledConnection;
import io.lumen.client.pool.RequestTimers;
import io.lumen.http.RequestShape;
import io.lumen.proxy.upstream.Upstream;
import io.undertow.client.ClientExchange;
import io.undertow.connector.ByteBufferPool;
import io.undertow.server.HttpServerExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.XnioIoThread;

/**
 * What one proxied request knows while it runs (see {@link ProxyExchange} for the whole story): the
 * client's exchange, the upstream and connection of the current try, the pumps, the kept body copy,
 * its {@link Phase} and which {@link Phase.Timer} runs. Every change of phase goes through
 * {@link #moveTo}, which checks {@link Phase}'s table of legal transitions. The three classes of an
 * exchange are one object (a hierarchy, not parts), so a request allocates nothing more for being
 * split. Confined to the request's IO thread.
 */
abstract class ExchangeState extends RequestTimers.Timed implements Lease {
    /** The logger of the whole exchange (its three classes log as one). */
    static final Logger LOG = LoggerFactory.getLogger(ProxyExchange.class);

    final Forwarder route;
    final HttpServerExchange exchange;
    final long timeoutMs;
    /** The raw path sent upstream when a gateway route rewrote it; null: the request's own. */
    final String path;
    final boolean hasBody;
    final boolean upgrade;
    /** Where the exchange stands; see {@link Phase} for the legal transitions. */
    Phase phase = Phase.WAITING;
    /** Which timer runs. */
    Phase.Timer timer = Phase.Timer.NONE;
    /** When the current idle period began (nanoTime): no byte moved since then, unless a pump says so. */
    long idleSince;

    Upstream upstream;
    PooledConnection conn;
    ClientExchange upstreamExchange;
    /** The try in progress; Undertow's callbacks for an earlier one are ignored. */
    Attempt current;
    Pump requestPump;
    Pump responsePump;
    /** Tries after the first so far. */
    int attempt;
    /** The upstream said it closes this connection after the response (Connection: close): a fact of the connection, not a phase. */
    boolean lastOnConnection;
    /** A copy of the body as sent, for a refused request to be sent elsewhere; null until a body is pumped. */
    ReplayBody replay;
    /** The copy being made by the current request pump. */
    ReplayBody pendingReplay;
    /** The copy being written to the current attempt's upstream, if it is sent from the copy. */
    ReplayBody.Write replayWrite;

    ExchangeState(Forwarder route, HttpServerExchange exchange, long timeoutMs, String path) {
        this.route = route;
        this.path = path;
        this.exchange = exchange;
        this.timeoutMs = timeoutMs;
        this.hasBody = RequestShape.hasBody(exchange);
        this.upgrade = RequestShape.isUpgrade(exchange);
    }

    @Override
    public XnioIoThread ioThread() {
        return exchange.getIoThread();
    }

    @Override
    public ByteBufferPool bufferPool() {
        return exchange.getConnection().getByteBufferPool();
    }

    @Override
    public boolean upgrade() {
        return upgrade;
    }

    @Override
    public boolean abandoned() {
        return phase == Phase.DONE;
    }

    void startIdle() {
        cancelTimer();
        if (route.idleCheckMillis() > 0) {
            timer = Phase.Timer.IDLE;
            idleSince = System.nanoTime();
            route.timers().start(exchange.getIoThread(), this, route.idleCheckMillis());
        }
    }

    void cancelTimer() {
        timer = Phase.Timer.NONE;
        route.timers().stop(this);
    }

    /** Every change of phase goes through here; the legal ones are {@link Phase}'s table (checked with -ea, as in the tests). */
    void moveTo(Phase next) {
        assert phase.canMoveTo(next) : describe() + ": " + phase + " -> " + next;
        phase = next;
    }

    String describe() {
        return exchange.getRequestMethod() + " " + exchange.getRequestPath();
    }

    /** Every byte of the request reached the upstream: its body pump, or the write of the kept copy, completed. */
    boolean uploadEnded() {
        return (requestPump == null || requestPump.completed()) && (replayWrite == null || replayWrite.written());
    }
}
