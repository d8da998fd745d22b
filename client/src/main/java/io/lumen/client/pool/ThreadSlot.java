package io.lumen.client.pool;

import org.xnio.IoUtils;
import org.xnio.XnioExecutor;
import org.xnio.XnioIoThread;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * One IO thread's share of a {@link ConnectionPool}: its idle HTTP/1.1 connections (most recently
 * used first), its shared HTTP/2 ones, the requests waiting for one, and the counts that bound them.
 * Touched only by its own thread, so nothing here is locked or volatile.
 */
final class ThreadSlot {
    final ConnectionPool pool;
    final XnioIoThread thread;
    final ArrayDeque<PooledConnection> idle = new ArrayDeque<>();
    final List<PooledConnection> shared = new ArrayList<>(2);
    final ArrayDeque<Lease> waiting = new ArrayDeque<>();
    /** Pooled connections open or opening on this thread (upgrade connections are not counted). */
    int open;
    // what {@link #stats} reports (pooled connections only)
    int connecting;
    int abandoned;
    int inFlight;
    /** Connections with at least one request: they are off the idle list (HTTP/1.1) or carry streams (HTTP/2). */
    int busy;
    long opened;
    long closedCount;
    /** Connections opened with HTTP/2 on offer whose protocol is not known yet (connecting, or h2c before its first answer). */
    int unsettled;
    /** h2c connections whose first request is still under way: HTTP/2 once the upstream's 101 came. */
    final List<PooledConnection> upgrading = new ArrayList<>(2);
    /** Streams per HTTP/2 connection: the upstream's limit as announced last on this thread, capped. */
    final StreamLimit streamLimit;
    XnioExecutor.Key sweepKey;

    ThreadSlot(ConnectionPool pool, XnioIoThread thread) {
        this.pool = pool;
        this.thread = thread;
        this.streamLimit = new StreamLimit(pool.settings().maxStreams());
    }

    /** The first waiting request that has not given up, or null. */
    Lease nextWaiter() {
        Lease w;
        while ((w = waiting.pollFirst()) != null) {
            if (!w.abandoned()) {
                return w;
            }
        }
        return null;
    }

    /** A pooled connection closed (either side): uncounted, unlisted, and its place given to a waiter. */
    void closed(PooledConnection p) {
        open--;
        closedCount++;
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
        if (!pool.closed() && open < pool.settings().maxPerThread()) {
            Lease w = nextWaiter();
            if (w != null) {
                pool.connector().open(this, w, false);
            }
        }
    }

    /**
     * This thread's counts. Read from other threads without a lock (the fields are plain): exact
     * once the thread is quiet, approximate while it works.
     */
    PoolStats stats() {
        int established = (int) (opened - closedCount);
        int idle = Math.max(0, established - busy);
        return new PoolStats(established, idle, established - idle, connecting, abandoned, inFlight, waiting.size(),
                opened, closedCount);
    }

    /** Closes connections idle for longer than idleTimeout; retires those older than expireTime. */
    void sweep() {
        long now = pool.settings().clock().getAsLong();
        long limit = now - pool.settings().idleTimeout();
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
        long expireTime = pool.settings().expireTime();
        if (expireTime != Long.MAX_VALUE) {
            retireListed(now - expireTime);
        }
    }

    /** The pool retires: every listed connection is retired, those no request uses close now. */
    void retireAll() {
        retireListed(Long.MAX_VALUE);
    }

    /** Retires the listed connections opened at or before {@code openedBy}; closes those no request uses. */
    private void retireListed(long openedBy) {
        List<PooledConnection> listed = new ArrayList<>(idle);
        listed.addAll(shared);
        for (PooledConnection p : listed) {
            if (p.openedAt <= openedBy) {
                pool.retire(p);
                if (p.streams == 0) {
                    IoUtils.safeClose(p.connection);
                }
            }
        }
    }

    /** Closes the connections no request is using. */
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

    /** The pool closes: every connection closes and every waiter fails. */
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
        while ((w = nextWaiter()) != null) {
            w.leaseFailed(Lease.Failure.CONNECT, new IOException("the connection pool is closed"));
        }
    }
}
