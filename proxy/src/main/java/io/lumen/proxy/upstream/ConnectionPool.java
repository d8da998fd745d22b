package io.lumen.proxy.upstream;

import io.lumen.proxy.PerIoThread;
import io.undertow.client.ClientConnection;
import io.undertow.client.UndertowClient;
import org.xnio.ChannelListener;
import org.xnio.IoFuture;
import org.xnio.IoUtils;
import org.xnio.OptionMap;
import org.xnio.XnioExecutor;
import org.xnio.XnioIoThread;
import org.xnio.ssl.XnioSsl;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The connections to one upstream, kept per IO thread: a request borrows a connection opened on its
 * own IO thread, so a proxied exchange never changes threads and no lock is taken on the hot path.
 * Each thread's {@link ThreadSlot} is touched only by that thread.
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
    public record Settings(UndertowClient client, XnioSsl ssl, OptionMap options, OptionMap upgradeOptions,
                           int maxPerThread, int maxQueue, long idleTimeout, int maxStreams, long connectTimeout,
                           LongSupplier clock) {
        /** The same settings with other TLS (a discovered https address verified against its name). */
        Settings withSsl(XnioSsl other) {
            return new Settings(client, other, options, upgradeOptions, maxPerThread, maxQueue, idleTimeout, maxStreams,
                    connectTimeout, clock);
        }

        /** HTTP/2 is offered to the upstreams. */
        boolean http2() {
            return options.get(io.undertow.UndertowOptions.ENABLE_HTTP2, false);
        }
    }

    private final Upstream upstream;
    private final Settings settings;
    private final PerIoThread<ThreadSlot> slots = new PerIoThread<>(this::newSlot);
    private volatile boolean closed;

    ConnectionPool(Upstream upstream, Settings settings) {
        this.upstream = upstream;
        this.settings = settings;
    }

    /** Lends a connection to {@code lease} now, when one is opened, or when one comes back. Call on the lease's IO thread. */
    public void acquire(Lease lease) {
        if (closed) {
            lease.leaseFailed(Lease.Failure.CONNECT, new IOException("the proxy is stopping"));
            return;
        }
        ThreadSlot slot = slot(lease.ioThread());
        if (lease.upgrade()) {
            open(slot, lease, true);
            return;
        }
        if (slot.unsettled > 0 && !slot.upgrading.isEmpty()) {
            promoteUpgraded(slot);
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
            open(slot, lease, false);
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
    public void release(PooledConnection p, boolean reusable) {
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
            settle(p, p.connection.isMultiplexingSupported()); // an h2c upgrade happened on its first request, or not
        }
        long now = settings.clock.getAsLong();
        if (p.connection.isMultiplexingSupported()) {
            share(slot, p);
            if (p.streams == 0) {
                p.idleSince = now;
            }
            return;
        }
        Lease w = nextWaiter(slot);
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
    public void closeIdle() {
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
        ThreadSlot slot = new ThreadSlot(thread);
        long period = Math.max(250, Math.min(settings.idleTimeout / 2, 30_000));
        slot.sweepKey = thread.executeAtInterval(slot::sweep, period, TimeUnit.MILLISECONDS);
        return slot;
    }

    private void open(ThreadSlot slot, Lease lease, boolean exclusive) {
        if (!exclusive) {
            slot.open++;
            if (settings.http2() && !upstream.http1Only()) {
                slot.unsettled++;
            }
        }
        IoFuture<ClientConnection> future;
        boolean unsettled = !exclusive && settings.http2() && !upstream.http1Only();
        try {
            future = settings.client.connect(upstream.uri(), slot.thread, settings.ssl, lease.bufferPool(),
                    exclusive ? settings.upgradeOptions : settings.options);
        } catch (RuntimeException e) {
            if (!exclusive) {
                slot.open--;
                if (unsettled) {
                    slot.unsettled--;
                }
            }
            lease.leaseFailed(Lease.Failure.CONNECT, new IOException(e.getMessage(), e));
            return;
        }
        Connect connect = new Connect(slot, lease, exclusive, unsettled, future);
        connect.timer = slot.thread.executeAfter(connect, settings.connectTimeout, TimeUnit.MILLISECONDS);
        future.addNotifier(connect, null);
    }

    /**
     * What a connection opened with HTTP/2 on offer turned out to be. HTTP/2: it carries the
     * waiters. HTTP/1.1: the upstream does not speak HTTP/2, so its waiters get connections of
     * their own.
     */
    private void settle(PooledConnection p, boolean http2) {
        ThreadSlot slot = p.slot;
        p.settled = true;
        slot.unsettled--;
        slot.upgrading.remove(p);
        upstream.learned(http2);
        if (!http2) {
            Lease w;
            while (slot.open < settings.maxPerThread && slot.waiting.size() > 1 && (w = nextWaiter(slot)) != null) {
                open(slot, w, false); // keep one waiter for this connection when it comes back
            }
        }
    }

    /**
     * An h2c connection becomes HTTP/2 when the upstream's 101 arrives, which can be long before its
     * first response ends (an event stream): from then on it can carry other requests.
     */
    private void promoteUpgraded(ThreadSlot slot) {
        for (int i = slot.upgrading.size() - 1; i >= 0; i--) {
            PooledConnection p = slot.upgrading.get(i);
            if (p.connection.isOpen() && p.connection.isMultiplexingSupported()) {
                settle(p, true);
                share(slot, p);
            }
        }
    }

    /** Lists an HTTP/2 connection as shared and gives its free streams to waiting requests. */
    private void share(ThreadSlot slot, PooledConnection p) {
        if (!p.listed) {
            slot.shared.add(p);
            p.listed = true;
        }
        Lease w;
        while (p.streams < settings.maxStreams && (w = nextWaiter(slot)) != null) {
            p.streams++;
            w.leased(p);
        }
    }

    private Lease nextWaiter(ThreadSlot slot) {
        Lease w;
        while ((w = slot.waiting.pollFirst()) != null) {
            if (!w.abandoned()) {
                return w;
            }
        }
        return null;
    }

    /** One connect attempt: its result, or its timeout, whichever comes first. */
    private final class Connect implements IoFuture.Notifier<ClientConnection, Object>, Runnable {
        private final ThreadSlot slot;
        private final Lease lease;
        private final boolean exclusive;
        private final boolean unsettled;
        private final IoFuture<ClientConnection> future;
        XnioExecutor.Key timer;
        private boolean settled;

        Connect(ThreadSlot slot, Lease lease, boolean exclusive, boolean unsettled, IoFuture<ClientConnection> future) {
            this.slot = slot;
            this.lease = lease;
            this.exclusive = exclusive;
            this.unsettled = unsettled;
            this.future = future;
        }

        /** The connect timeout. */
        @Override
        public void run() {
            if (settled) {
                return;
            }
            settled = true;
            future.cancel(); // a connection that still arrives is closed in notify
            failed(new IOException("connect timed out after " + settings.connectTimeout + " ms"));
        }

        @Override
        public void notify(IoFuture<? extends ClientConnection> f, Object attachment) {
            if (Thread.currentThread() != slot.thread) {
                slot.thread.execute(() -> notify(f, attachment));
                return;
            }
            ClientConnection c = null;
            IOException error = null;
            if (f.getStatus() == IoFuture.Status.DONE) {
                try {
                    c = f.get();
                } catch (IOException e) {
                    error = e;
                }
            } else if (f.getStatus() == IoFuture.Status.FAILED) {
                error = f.getException();
            } else {
                error = new IOException("connect cancelled");
            }
            if (settled) {
                IoUtils.safeClose(c); // gave up on it already: never leave it open
                return;
            }
            settled = true;
            if (timer != null) {
                timer.remove();
            }
            if (c == null) {
                failed(error);
            } else {
                connected(c);
            }
        }

        private void failed(IOException error) {
            if (!exclusive) {
                slot.open--;
                if (unsettled) {
                    slot.unsettled--;
                }
            }
            lease.leaseFailed(Lease.Failure.CONNECT, error);
            if (!exclusive) {
                // the upstream refuses connections: the waiters should try elsewhere rather than queue here
                Lease w;
                while ((w = nextWaiter(slot)) != null) {
                    w.leaseFailed(Lease.Failure.CONNECT, error);
                }
            }
        }

        private void connected(ClientConnection c) {
            PooledConnection p = new PooledConnection(c, slot, exclusive);
            p.settled = !unsettled;
            if (exclusive) {
                if (lease.abandoned()) {
                    IoUtils.safeClose(c);
                } else {
                    lease.leased(p);
                }
                return;
            }
            c.getCloseSetter().set((ChannelListener<ClientConnection>) closed -> slot.closed(p));
            if (closed) {
                IoUtils.safeClose(c);
                lease.leaseFailed(Lease.Failure.CONNECT, new IOException("the proxy is stopping"));
                return;
            }
            p.streams = 1;
            if (!p.settled && (c.isMultiplexingSupported() || settings.ssl != null && upstream.uri().getScheme().equals("https"))) {
                settle(p, c.isMultiplexingSupported()); // ALPN already chose h2 or http/1.1
            } else if (!p.settled) {
                slot.upgrading.add(p); // h2c: known after its first request
            }
            if (lease.abandoned()) {
                release(p, true);
            } else {
                lease.leased(p);
            }
            if (c.isMultiplexingSupported() && p.connection.isOpen()) {
                share(slot, p);
            }
        }
    }

    /** One IO thread's share of the pool; touched only by that thread. */
    final class ThreadSlot {
        final XnioIoThread thread;
        final ArrayDeque<PooledConnection> idle = new ArrayDeque<>();
        final List<PooledConnection> shared = new ArrayList<>(2);
        final ArrayDeque<Lease> waiting = new ArrayDeque<>();
        int open;
        /** Connections opened with HTTP/2 on offer whose protocol is not known yet (connecting, or h2c before its first answer). */
        int unsettled;
        final List<PooledConnection> upgrading = new ArrayList<>(2);
        XnioExecutor.Key sweepKey;

        ThreadSlot(XnioIoThread thread) {
            this.thread = thread;
        }

        ConnectionPool pool() {
            return ConnectionPool.this;
        }

        void closed(PooledConnection p) {
            open--;
            if (!p.settled) {
                p.settled = true;
                unsettled--;
                upgrading.remove(p);
            }
            if (p.listed) {
                p.listed = false;
                idle.remove(p);
                shared.remove(p);
            }
            if (!ConnectionPool.this.closed && open < settings.maxPerThread) {
                Lease w = nextWaiter(this);
                if (w != null) {
                    open(this, w, false);
                }
            }
        }

        /** Closes connections idle for longer than idleTimeout. */
        void sweep() {
            long limit = settings.clock.getAsLong() - settings.idleTimeout;
            PooledConnection p;
            while ((p = idle.peekLast()) != null && p.idleSince < limit) {
                idle.pollLast();
                p.listed = false;
                IoUtils.safeClose(p.connection);
            }
            for (int i = shared.size() - 1; i >= 0; i--) {
                PooledConnection s = shared.get(i);
                if (s.streams == 0 && s.idleSince < limit) {
                    shared.remove(i);
                    s.listed = false;
                    IoUtils.safeClose(s.connection);
                }
            }
        }

        void closeIdle() {
            PooledConnection p;
            while ((p = idle.pollFirst()) != null) {
                p.listed = false;
                IoUtils.safeClose(p.connection);
            }
            for (int i = shared.size() - 1; i >= 0; i--) {
                PooledConnection s = shared.get(i);
                if (s.streams == 0) {
                    shared.remove(i);
                    s.listed = false;
                    IoUtils.safeClose(s.connection);
                }
            }
        }

        void closeAll() {
            if (sweepKey != null) {
                sweepKey.remove();
            }
            PooledConnection p;
            while ((p = idle.pollFirst()) != null) {
                IoUtils.safeClose(p.connection);
            }
            for (PooledConnection s : List.copyOf(shared)) {
                IoUtils.safeClose(s.connection);
            }
            Lease w;
            while ((w = nextWaiter(this)) != null) {
                w.leaseFailed(Lease.Failure.CONNECT, new IOException("the proxy is stopping"));
            }
        }
    }
}
