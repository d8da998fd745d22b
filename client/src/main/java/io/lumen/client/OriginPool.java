package io.lumen.client;

import io.lumen.client.connect.UpstreamConnector;
import org.xnio.OptionMap;
import org.xnio.ssl.XnioSsl;

import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The connections to one origin ({@code scheme://host:port}) and the requests waiting for one: it
 * lends connections (or HTTP/2 stream slots) to calls, queues the calls that find none, and retires
 * and sweeps connections. Opening a connection (connect, TLS and ALPN or h2c, connect timeout) is
 * done by the shared {@link io.lumen.client.connect.UpstreamConnector} and counted by its
 * {@link OriginConnects}; the pool decides when one is needed.
 *
 * <p>Every connection the pool starts is in {@link #conns} from the connect attempt until its close
 * is observed, so none can leak: one that completes after its connect timeout is closed on arrival.
 * HTTP/1.1 connections carry one request at a time; HTTP/2 connections carry up to the server's
 * MAX_CONCURRENT_STREAMS (capped by {@code maxStreamsPerConnection}), and another connection is
 * opened only when every open one is full. Retired connections (expired, over {@code maxReqPerConn},
 * or whose last exchange failed) take no new requests and close when their last request ends; the
 * idle sweep never closes a connection with a request in flight.
 *
 * <p>Thread-safe: state is guarded by this object's lock, which is never held while calling into
 * Undertow or completing a future.
 */
final class OriginPool {
    private final ClientContext context;
    final String origin;
    /** Opens this pool's connections; its counters share this pool's lock. */
    final OriginConnects connects;
    final CircuitBreaker breaker;
    private final int maxConnections;
    private final int maxQueue;
    /** How many requests each connection may carry; shares this pool's lock. */
    private final ConnCapacity capacity;

    private final ArrayList<Conn> conns = new ArrayList<>();
    private final ArrayDeque<Call> waiters = new ArrayDeque<>();
    /** Calls not finished yet: scanned by {@link #expire}. */
    private final DeadlineList deadlines = new DeadlineList();
    private long closedCount;
    private boolean shut;
    /** Its address left a discovered name's set: no new requests, closes when its requests are done. */
    private volatile boolean retired;

    /** @param ssl TLS of this pool (a discovered address: the handshake names the discovered name); null: the client's */
    OriginPool(ClientContext context, String origin, URI connectUri, OptionMap options, boolean expectMultiplexing,
               XnioSsl ssl) {
        this.context = context;
        this.origin = origin;
        ClientConfig.Request r = context.settings;
        this.connects = new OriginConnects(this, context.transport, context.errors, connectUri, options,
                expectMultiplexing, ssl, r.connectTimeout());
        this.breaker = new CircuitBreaker(r.errorThreshold(), r.resetTimeout(), context.clock());
        this.maxConnections = r.connectionPoolSize();
        this.maxQueue = r.maxQueue();
        this.capacity = new ConnCapacity(r.maxStreamsPerConnection(), r.maxReqPerConn());
    }

    /** The URI connections are opened to (scheme, host or address, port). */
    URI address() {
        return connects.address();
    }

    /**
     * Its address left a discovered name's set: connections with no request close now, the others
     * after their requests; requests already queued are still served. The client closes the pool
     * once it is {@link #drained()}.
     */
    void retire() {
        retired = true;
        List<Conn> idle = new ArrayList<>();
        synchronized (this) {
            for (Conn c : conns) {
                c.retired = true;
                if (c.state == Conn.State.OPEN && c.inFlight == 0) {
                    idle.add(c);
                }
            }
        }
        for (Conn c : idle) {
            closeConn(c);
        }
    }

    boolean retired() {
        return retired;
    }

    /** Retired, with no connection and no request left. */
    synchronized boolean drained() {
        return retired && conns.isEmpty() && waiters.isEmpty() && deadlines.isEmpty();
    }

    /** Lends a connection to {@code call} now, queues it, or fails it with ERR19023 when the queue is full. */
    void acquire(Call call) {
        Conn conn = null;
        Conn connect = null;
        ClientException error = null;
        synchronized (this) {
            if (shut) {
                error = context.errors.closedByPeer(origin, new IllegalStateException("client closed"));
            } else {
                deadlines.add(call);
                for (int i = 0, n = conns.size(); i < n; i++) {
                    Conn c = conns.get(i);
                    if (capacity.usable(c)) {
                        conn = c;
                        capacity.take(c);
                        break;
                    }
                }
                if (conn == null) {
                    // requests that connections being opened will carry are not "queued"
                    if (waiters.size() - (long) connects.connecting * perConnect() >= maxQueue) {
                        error = context.errors.poolExhausted(origin, maxQueue);
                    } else {
                        waiters.add(call);
                        call.queued = true;
                        connect = maybeConnectLocked();
                    }
                }
            }
        }
        if (error != null) {
            call.fail(error);
        } else if (conn != null) {
            call.dispatch(conn);
        }
        if (connect != null) {
            connects.start(connect);
        }
    }

    /** Requests one connection being opened will carry. */
    private int perConnect() {
        return capacity.perConnect(connects.expectHttp1Locked());
    }

    /** A new connection if waiters outnumber what open connects will carry and the pool has room. */
    private Conn maybeConnectLocked() {
        if (shut || waiters.isEmpty()) {
            return null;
        }
        int open = conns.size() - connects.abandoned;
        if (open >= maxConnections || (long) connects.connecting * perConnect() >= waiters.size()) {
            return null;
        }
        Conn c = connects.newConnLocked();
        conns.add(c);
        return c;
    }

    /** Hands queued requests to {@code c} (just opened) while it has room, one at a time, outside the lock. */
    void drain(Conn c) {
        for (;;) {
            Call next;
            Conn connect = null;
            synchronized (this) {
                if (waiters.isEmpty()) {
                    return;
                }
                if (!capacity.usable(c)) {
                    connect = maybeConnectLocked();
                    next = null;
                } else {
                    next = waiters.poll();
                    next.queued = false;
                    capacity.take(c);
                }
            }
            if (next == null) {
                if (connect != null) {
                    connects.start(connect);
                }
                return;
            }
            next.dispatch(c);
        }
    }

    /** ERR19025 when the last handshake with this origin rejected its certificate, else null. */
    ClientException tlsFailure() {
        return connects.tlsFailure();
    }

    boolean shutLocked() {
        return shut;
    }

    long now() {
        return context.now();
    }

    /** Takes a connection that never opened (or was given up) out of the pool. */
    void forgetLocked(Conn c) {
        conns.remove(c);
    }

    /** The waiters, taken out of the queue, when no connection is open any more to serve them; else null. */
    Call[] strandedWaitersLocked() {
        if (openCountLocked() != 0 || waiters.isEmpty()) {
            return null;
        }
        Call[] failed = waiters.toArray(new Call[0]);
        for (Call w : failed) {
            w.queued = false;
        }
        waiters.clear();
        return failed;
    }

    private int openCountLocked() {
        int n = 0;
        for (Conn c : conns) {
            if (c.state == Conn.State.OPEN) {
                n++;
            }
        }
        return n;
    }

    /** Closes a connection we no longer want: out of the pool at once, socket closed now. */
    private void closeConn(Conn c) {
        Conn connect = null;
        synchronized (this) {
            if (c.state == Conn.State.OPEN) {
                c.state = Conn.State.CLOSED;
                closedCount++;
                conns.remove(c);
                connect = maybeConnectLocked();
            }
        }
        c.close();
        if (connect != null) {
            connects.start(connect);
        }
    }

    void onClosed(Conn c) {
        Conn connect;
        synchronized (this) {
            if (c.state != Conn.State.OPEN) {
                return;
            }
            c.state = Conn.State.CLOSED;
            closedCount++;
            conns.remove(c);
            connect = maybeConnectLocked();
        }
        if (connect != null) {
            connects.start(connect);
        }
    }

    /**
     * A request on {@code c} ended. {@code reusable} false retires the connection (closed at once
     * for HTTP/1.1, when its last stream ends for HTTP/2).
     */
    void release(Conn c, boolean reusable, Call finished) {
        Call next = null;
        boolean close = false;
        synchronized (this) {
            if (finished != null) {
                deadlines.remove(finished);
            }
            c.inFlight--;
            c.lastUsed = context.now();
            if (!reusable) {
                c.retired = true;
            }
            if (c.state == Conn.State.OPEN) {
                if (c.retired) {
                    close = c.inFlight == 0 || !c.multiplexed;
                } else if (!waiters.isEmpty() && capacity.usable(c)) {
                    next = waiters.poll();
                    next.queued = false;
                    capacity.take(c);
                }
            }
        }
        if (close) {
            closeConn(c);
        }
        if (next != null) {
            next.dispatch(c);
        }
    }

    void countReset(Conn c) {
        synchronized (this) {
            // Undertow keeps a small entry per reset stream until the connection closes: bound it.
            if (++c.resets >= 10_000) {
                c.retired = true;
            }
        }
    }

    /** Takes {@code c} out of the deadline list (it completed). */
    synchronized void untrack(Call c) {
        deadlines.remove(c);
    }

    /** Moves every call whose deadline passed to {@code expired}; the caller times them out. */
    synchronized void expire(long now, List<Call> expired) {
        deadlines.expire(now, expired);
    }

    /** Removes a queued request (its timeout fired); false when it already left the queue. */
    synchronized boolean removeWaiter(Call call) {
        if (!call.queued) {
            return false;
        }
        call.queued = false;
        return waiters.remove(call);
    }

    /** Closes idle, expired and retired connections with no request in flight. */
    void sweep(long now, long idleTimeout, long expireTime) {
        List<Conn> toClose = null;
        synchronized (this) {
            for (Conn c : conns) {
                if (c.state != Conn.State.OPEN) {
                    continue;
                }
                if (now - c.openedAt >= expireTime) {
                    c.retired = true;
                }
                boolean dead = !c.connection.isOpen();
                if (dead || (c.inFlight == 0 && (c.retired || now - c.lastUsed >= idleTimeout))) {
                    if (toClose == null) {
                        toClose = new ArrayList<>();
                    }
                    toClose.add(c);
                }
            }
        }
        if (toClose != null) {
            for (Conn c : toClose) {
                closeConn(c);
            }
        }
    }

    synchronized PoolStats stats() {
        int open = 0;
        int idle = 0;
        int inFlight = 0;
        for (Conn c : conns) {
            if (c.state == Conn.State.OPEN) {
                open++;
                inFlight += c.inFlight;
                if (c.inFlight == 0) {
                    idle++;
                }
            }
        }
        return new PoolStats(open, idle, open - idle, connects.connecting, connects.abandoned, inFlight, waiters.size(),
                connects.opened, closedCount);
    }

    void close() {
        Call[] failed;
        List<Conn> all;
        synchronized (this) {
            shut = true;
            failed = waiters.toArray(new Call[0]);
            for (Call w : failed) {
                w.queued = false;
            }
            waiters.clear();
            all = new ArrayList<>(conns);
        }
        for (Call w : failed) {
            w.fail(context.errors.closedByPeer(origin, new IllegalStateException("client closed")));
        }
        for (Conn c : all) {
            UpstreamConnector.Attempt attempt = c.attempt;
            if (attempt != null) {
                attempt.cancel();
            }
            closeConn(c);
        }
    }
}
