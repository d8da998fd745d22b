package io.lumen.proxy.upstream;

import io.lumen.proxy.PerIoThread;
import io.undertow.UndertowOptions;
import org.xnio.IoUtils;
import org.xnio.OptionMap;
import org.xnio.XnioIoThread;
import org.xnio.ssl.XnioSsl;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The connections to one upstream, kept per IO thread: a request borrows a connection opened on its
 * own IO thread, so a proxied exchange never changes threads and no lock is taken on the hot path.
 * Each thread's {@link ThreadSlot} is touched only by that thread; the {@link SlotConnects} opens the
 * connections and learns their protocol. This class lends and takes back.
 *
 * <p>HTTP/1.1 connections are lent to one request at a time and kept most-recently-used first, so
 * the least used ones reach {@code idleTimeout} and close. HTTP/2 connections (ALPN or an h2c
 * upgrade that succeeded) are shared by up to {@code maxStreams} requests. At most
 * {@code maxPerThread} connections per thread are open or opening; further requests wait in a
 * bounded queue, and beyond it fail at once with {@link Lease.Failure#BUSY}. Every connection
 * started is counted from the connect attempt to its close, including one whose connect times out
 * (it is closed when it arrives), so none leaks. WebSocket upgrades get a fresh connection of their
 * own that never returns to the pool.
 */
public final class ConnectionPool implements AutoCloseable {

    /**
     * @param options        for pooled connections (HTTP/2 offered when the proxy has http2Enabled)
     * @param upgradeOptions for connections of Upgrade requests (HTTP/1.1 only)
     */
    public record Settings(XnioSsl ssl, OptionMap options, OptionMap upgradeOptions,
                           int maxPerThread, int maxQueue, long idleTimeout, int maxStreams, long connectTimeout,
                           LongSupplier clock) {
        /** The same settings with other TLS (a discovered https address verified against its name). */
        Settings withSsl(XnioSsl other) {
            return new Settings(other, options, upgradeOptions, maxPerThread, maxQueue, idleTimeout, maxStreams,
                    connectTimeout, clock);
        }

        /** HTTP/2 is offered to the upstreams. */
        boolean http2() {
            return options.get(UndertowOptions.ENABLE_HTTP2, false);
        }
    }

    private final Upstream upstream;
    private final Settings settings;
    private final SlotConnects connector;
    private final PerIoThread<ThreadSlot> slots = new PerIoThread<>(this::newSlot);
    private volatile boolean closed;

    ConnectionPool(Upstream upstream, Settings settings) {
        this.upstream = upstream;
        this.settings = settings;
        this.connector = new SlotConnects(this, upstream, settings);
    }

    /** Lends a connection to {@code lease} now, when one is opened, or when one comes back. Call on the lease's IO thread. */
    public void acquire(Lease lease) {
        if (closed) {
            lease.leaseFailed(Lease.Failure.CONNECT, new IOException("the proxy is stopping"));
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
            if (p.streams < settings.maxStreams && p.connection.isOpen()) {
                p.streams++;
                lease.leased(p);
                return;
            }
        }
        PooledConnection p;
        while ((p = slot.idle.pollFirst()) != null) {
            p.listed = false;
            if (p.connection.isOpen()) {
                p.streams = 1;
                lease.leased(p);
                return;
            }
        }
        if (slot.unsettled > 0 && upstream.http2Seen() && slot.waiting.size() < settings.maxQueue) {
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
        p.streams--;
        if (!reusable || closed) {
            IoUtils.safeClose(p.connection);
            return;
        }
        if (!p.connection.isOpen()) {
            return; // the close listener does the counting
        }
        if (!p.settled) {
            connector.settle(p, p.connection.isMultiplexingSupported()); // an h2c upgrade happened on its first request, or not
        }
        long now = settings.clock.getAsLong();
        if (p.connection.isMultiplexingSupported()) {
            share(slot, p);
            if (p.streams == 0) {
                p.idleSince = now;
            }
            return;
        }
        Lease w = slot.nextWaiter();
        if (w != null) {
            p.streams = 1;
            w.leased(p);
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
    void closeIdle() {
        for (ThreadSlot s : slots.values()) {
            try {
                s.thread.execute(s::closeIdle);
            } catch (RuntimeException e) {
                // the IO threads are gone: so are their connections
            }
        }
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
        for (ThreadSlot s : slots.values()) {
            try {
                s.thread.execute(s::closeAll);
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
        long period = Math.max(250, Math.min(settings.idleTimeout / 2, 30_000));
        slot.sweepKey = thread.executeAtInterval(slot::sweep, period, TimeUnit.MILLISECONDS);
        return slot;
    }

    /** Lists an HTTP/2 connection as shared and gives its free streams to waiting requests. */
    void share(ThreadSlot slot, PooledConnection p) {
        if (!p.listed) {
            slot.shared.add(p);
            p.listed = true;
        }
        Lease w;
        while (p.streams < settings.maxStreams && (w = slot.nextWaiter()) != null) {
            p.streams++;
            w.leased(p);
        }
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
