package io.lumen.client.pool;

import io.undertow.UndertowOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.IoUtils;
import org.xnio.OptionMap;
import org.xnio.XnioIoThread;
import org.xnio.ssl.XnioSsl;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The connections to one upstream origin, kept per IO thread: a request borrows a connection opened on its
 * own IO thread, so a proxied exchange never changes threads and no lock is taken on the hot path.
 * Each thread's {@link ThreadSlot} is touched only by that thread; the {@link SlotConnects} opens the
 * connections and learns their protocol. This class lends and takes back.
 *
 * <p>HTTP/1.1 connections are lent to one request at a time and kept most-recently-used first, so
 * the least used ones reach {@code idleTimeout} and close. HTTP/2 connections (ALPN or an h2c
 * upgrade that succeeded) are shared by up to {@code maxStreams} requests, or fewer when the
 * upstream's SETTINGS say so. At most
 * {@code maxPerThread} connections per thread are open or opening; further requests wait in a
 * bounded queue, and beyond it fail at once with {@link Lease.Failure#BUSY}. Every connection
 * started is counted from the connect attempt to its close, including one whose connect times out
 * (it is closed when it arrives), so none leaks. WebSocket upgrades get a fresh connection of their
 * own that never returns to the pool.
 */
public final class ConnectionPool implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionPool.class);

    /**
     * @param options        for pooled connections (HTTP/2 offered when they enable it)
     * @param upgradeOptions for connections of Upgrade requests (HTTP/1.1 only)
     * @param maxRequests    requests after which a connection is retired ({@code Long.MAX_VALUE}: never)
     * @param expireTime     ms after its connect at which a connection is retired ({@code Long.MAX_VALUE}: never);
     *                       a retired connection takes no new request and closes when its last one ends
     */
    public record Settings(XnioSsl ssl, OptionMap options, OptionMap upgradeOptions,
                           int maxPerThread, int maxQueue, long idleTimeout, int maxStreams, long connectTimeout,
                           LongSupplier clock, long maxRequests, long expireTime) {
        /** Connections that are never retired for their age or request count. */
        public Settings(XnioSsl ssl, OptionMap options, OptionMap upgradeOptions, int maxPerThread, int maxQueue,
                        long idleTimeout, int maxStreams, long connectTimeout, LongSupplier clock) {
            this(ssl, options, upgradeOptions, maxPerThread, maxQueue, idleTimeout, maxStreams, connectTimeout, clock,
                    Long.MAX_VALUE, Long.MAX_VALUE);
        }

        /** The same settings with other TLS (a discovered https address verified against its name). */
        public Settings withSsl(XnioSsl other) {
            return new Settings(other, options, upgradeOptions, maxPerThread, maxQueue, idleTimeout, maxStreams,
                    connectTimeout, clock, maxRequests, expireTime);
        }

        /** HTTP/2 is offered to the upstreams. */
        boolean http2() {
            return options.get(UndertowOptions.ENABLE_HTTP2, false);
        }
    }

    private final URI uri;
    private final Settings settings;
    private final SlotConnects connector;
    private final PerIoThread<ThreadSlot> slots = new PerIoThread<>(this::newSlot);
    private volatile boolean closed;
    /** {@link #retire} was called: every connection is retired when it is lent or comes back. */
    private volatile boolean retired;
    /** A connection offered HTTP/2 came back HTTP/1.1 (refused h2c or ALPN h2) and none came back HTTP/2. */
    private volatile boolean http1Only;
    /** Some connection to it speaks HTTP/2 (from the start with prior knowledge). */
    private volatile boolean http2Seen;
    /** {@code h2c-prior}: every connection speaks HTTP/2 from its first byte. */
    private final boolean priorKnowledge;

    /**
     * @param uri the upstream: scheme ({@code http}, {@code https}, or {@code h2c-prior}: cleartext
     *            HTTP/2 with prior knowledge, where requests wait for a connection being opened as for
     *            any HTTP/2 upstream instead of opening one each), host, port
     */
    public ConnectionPool(URI uri, Settings settings) {
        this.uri = uri;
        this.settings = settings;
        this.priorKnowledge = "h2c-prior".equals(uri.getScheme());
        this.http2Seen = priorKnowledge;
        this.connector = new SlotConnects(this, uri, settings);
    }

    /** Lends a connection to {@code lease} now, when one is opened, or when one comes back. Call on the lease's IO thread. */
    public void acquire(Lease lease) {
        if (closed) {
            lease.leaseFailed(Lease.Failure.CONNECT, new IOException("the connection pool is closed"));
            return;
        }
        ThreadSlot slot = slot(lease.ioThread());
        if (lease.upgrade()) {
            connector.open(slot, lease, true);
            return;
        }
        if (slot.unsettled > 0 && !slot.upgrading.isEmpty()) {
            connector.promoteUpgraded(slot);
        }
        List<PooledConnection> shared = slot.shared;
        for (int i = 0, n = shared.size(); i < n; i++) {
            PooledConnection p = shared.get(i);
            if (p.streams < streamLimit(slot, p) && p.connection.isOpen()) {
                lend(p, lease);
                return;
            }
        }
        PooledConnection p;
        while ((p = slot.idle.pollFirst()) != null) {
            p.listed = false;
            if (p.connection.isOpen()) {
                lend(p, lease);
                return;
            }
        }
        if (carriedByUnsettled(slot) && slot.waiting.size() < settings.maxQueue) {
            // a connection that may turn out HTTP/2 is being opened or upgraded: wait for it rather
            // than open a burst of connections that one multiplexed connection would carry
            slot.waiting.addLast(lease);
        } else if (slot.open < settings.maxPerThread) {
            connector.open(slot, lease, false);
        } else if (slot.waiting.size() < settings.maxQueue) {
            slot.waiting.addLast(lease);
        } else {
            lease.leaseFailed(Lease.Failure.BUSY, null);
        }
    }

    /**
     * Whether the connections of {@code slot} being opened (or upgraded) will carry one more waiting
     * request: the upstream spoke HTTP/2, and the waiters plus each connection's own first request
     * are fewer than the streams those connections are expected to carry.
     */
    private boolean carriedByUnsettled(ThreadSlot slot) {
        return slot.unsettled > 0 && http2Seen()
                && slot.waiting.size() + slot.unsettled < (long) slot.unsettled * slot.streamLimit.assumed();
    }

    /**
     * Takes a waiting lease out of its thread's queue (it gave up: timed out); call on the lease's IO
     * thread. False when it is not waiting (it was served, failed, or never queued).
     */
    public boolean cancel(Lease lease) {
        ThreadSlot slot = slots.get(lease.ioThread());
        return slot.waiting.remove(lease);
    }

    /** The counts of every thread, summed (see {@link PoolStats} on how exact they are). */
    public PoolStats stats() {
        PoolStats sum = PoolStats.EMPTY;
        for (ThreadSlot s : slots.values()) {
            sum = sum.plus(s.stats());
        }
        return sum;
    }

    /**
     * Gives a connection back when its request is over. {@code reusable} is false when the request
     * left it in an unknown state (response not read to the end, timed out): it is closed instead.
     */
    void release(PooledConnection p, boolean reusable) {
        ThreadSlot slot = p.slot;
        if (Thread.currentThread() != slot.thread) {
            slot.thread.execute(() -> release(p, reusable));
            return;
        }
        if (p.exclusive) {
            if (!p.connection.isUpgraded()) {
                IoUtils.safeClose(p.connection); // an upgraded one belongs to its tunnel now
            }
            return;
        }
        giveBack(p);
        if (!reusable || closed) {
            UndertowConnections.closeNow(p.connection);
            return;
        }
        if (!p.connection.isOpen()) {
            return; // the close listener does the counting
        }
        if (!p.settled) {
            connector.settle(p, p.connection.isMultiplexingSupported()); // an h2c upgrade happened on its first request, or not
        }
        long now = settings.clock.getAsLong();
        if (!p.retired && (retired || now - p.openedAt >= settings.expireTime)) {
            retire(p);
        }
        if (p.retired) {
            if (p.streams == 0) {
                UndertowConnections.closeNow(p.connection); // its close listener counts it and serves a waiter
            }
            return;
        }
        if (p.connection.isMultiplexingSupported()) {
            share(slot, p);
            if (p.streams == 0) {
                p.idleSince = now;
            }
            return;
        }
        Lease w = slot.nextWaiter();
        if (w != null) {
            lend(p, w);
            return;
        }
        p.idleSince = now;
        slot.idle.addFirst(p);
        p.listed = true;
    }

    /**
     * Closes the connections no request is using, on every thread (the upstream is draining: one
     * of them reused just as the upstream closes it would fail a request that never reached it).
     */
    public void closeIdle() {
        onEveryThread(ThreadSlot::closeIdle);
    }

    /**
     * The upstream is leaving (a discovered address left DNS): no connection is kept any more.
     * Connections no request uses close now, the others when their last request ends; leases still
     * queued or still asked for are served, each by a connection that closes after it. The caller
     * stops asking and closes the pool once {@link #openConnections()} is 0.
     */
    public void retire() {
        retired = true;
        onEveryThread(ThreadSlot::retireAll);
    }

    /** Open connections on all threads (for tests and diagnostics; racy by nature). */
    public int openConnections() {
        int n = 0;
        for (ThreadSlot s : slots.values()) {
            n += s.open;
        }
        return n;
    }

    @Override
    public void close() {
        closed = true;
        onEveryThread(ThreadSlot::closeAll);
    }

    /** Runs {@code task} on each thread's slot, on that thread. */
    private void onEveryThread(Consumer<ThreadSlot> task) {
        for (ThreadSlot s : slots.values()) {
            try {
                s.thread.execute(() -> task.accept(s));
            } catch (RuntimeException e) {
                // the IO threads are gone (the server stopped first): their connections went with them
            }
        }
    }

    private ThreadSlot slot(XnioIoThread thread) {
        return slots.get(thread);
    }

    /** A thread's slot, on its first use: with the sweep that closes its idle connections. */
    private ThreadSlot newSlot(XnioIoThread thread) {
        ThreadSlot slot = new ThreadSlot(this, thread);
        long period = Math.max(250, Math.min(Math.min(settings.idleTimeout, settings.expireTime) / 2, 30_000));
        slot.sweepKey = thread.executeAtInterval(slot::sweep, period, TimeUnit.MILLISECONDS);
        return slot;
    }

    /** Lists an HTTP/2 connection as shared and gives its free streams to waiting requests. */
    void share(ThreadSlot slot, PooledConnection p) {
        if (p.retired) {
            return;
        }
        if (!p.listed) {
            slot.shared.add(p);
            p.listed = true;
            p.h2 = UndertowConnections.http2Channel(p.connection);
        }
        Lease w;
        while (!p.retired && p.streams < streamLimit(slot, p) && (w = slot.nextWaiter()) != null) {
            lend(p, w);
        }
    }

    /** Lends {@code p} to {@code lease} (one more stream, or its one request); retires it at {@code maxRequests}. */
    void lend(PooledConnection p, Lease lease) {
        take(p);
        if (++p.requests >= settings.maxRequests || retired) {
            retire(p);
        }
        lease.leased(p);
    }

    /** Counts one more request on {@code p}. */
    void take(PooledConnection p) {
        if (p.streams++ == 0) {
            p.slot.busy++;
        }
        p.slot.inFlight++;
    }

    /** Counts one request fewer on {@code p}. */
    private static void giveBack(PooledConnection p) {
        p.slot.inFlight--;
        if (--p.streams == 0) {
            p.slot.busy--;
        }
    }

    /** {@code p} takes no new request: off the lists; it closes when its last request ends (see {@link #release}). */
    void retire(PooledConnection p) {
        p.retired = true;
        if (p.listed) {
            p.listed = false;
            p.slot.idle.remove(p);
            p.slot.shared.remove(p);
        }
    }

    /** New connections may speak HTTP/2: offered by ALPN or the h2c upgrade, or spoken by prior knowledge. */
    boolean offersHttp2() {
        return priorKnowledge || settings.http2();
    }

    /** Every connection offered HTTP/2 so far came back HTTP/1.1: new ones are not counted as maybe-HTTP/2. */
    boolean http1Only() {
        return http1Only;
    }

    /** Some connection spoke HTTP/2 and none since answered HTTP/1.1: requests wait for an unsettled connection. */
    private boolean http2Seen() {
        return http2Seen && !http1Only;
    }

    /** What a connection offered HTTP/2 turned out to speak; one HTTP/2 answer is enough to keep offering it. */
    void learned(boolean http2) {
        if (http2) {
            http1Only = false;
            http2Seen = true;
        } else if (!http1Only) {
            http1Only = true;
            LOG.info("upstream {} answered HTTP/1.1 to an offer of HTTP/2: its connections carry one request at a time", uri);
        }
    }

    /**
     * Streams an HTTP/2 connection may carry: the upstream's MAX_CONCURRENT_STREAMS, capped by
     * {@code maxStreams}. Until a new connection's SETTINGS are read, what the upstream announced
     * last on this thread (Undertow's client fails a stream over the limit rather than queue it).
     */
    private static int streamLimit(ThreadSlot slot, PooledConnection p) {
        return slot.streamLimit.of(StreamLimit.announced(p.h2));
    }

    /** The pool was closed: no more connections are lent or kept. */
    boolean closed() {
        return closed;
    }

    Settings settings() {
        return settings;
    }

    SlotConnects connector() {
        return connector;
    }
}
