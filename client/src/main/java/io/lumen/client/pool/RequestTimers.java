package io.lumen.client.pool;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.XnioExecutor;
import org.xnio.XnioIoThread;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Request timeouts kept per IO thread without a timer per request, for the proxy's exchanges and
 * the client's calls.
 *
 * <p>Arming an XNIO timer per request costs an entry in the IO thread's sorted delay queue (a
 * {@code TreeSet} under a lock) on arrival and a removal on the answer: about 1.3% of the proxy's
 * CPU and 90 bytes per request. Here a request joins a FIFO list of its IO thread, one list per
 * distinct timeout (a proxy's maxRequestTime and pathTimeouts, a client's default timeout and the
 * few per-request ones): requests with the same timeout expire in the order they arrived, so each
 * list is sorted by deadline as it grows and its head is its earliest deadline. Beyond
 * {@value #SORTED_LISTS} distinct timeouts (a caller computing each one) requests share one
 * unsorted list that is scanned whole when the timer fires. One XNIO timer per thread is armed for
 * the earliest deadline; leaving a list is an O(1) unlink that touches no timer. When the timer
 * fires, the expired requests time out and the timer is armed again for the next one.
 *
 * <p>Each thread's lists are touched only by that thread: {@link #start} must be called on the
 * request's IO thread, {@link #stop} hops there when called elsewhere.
 */
public final class RequestTimers {
    /** Distinct timeouts that get a sorted list of their own on a thread. */
    static final int SORTED_LISTS = 8;

    /** One timed request: the request's own object is its list node. */
    public abstract static class Timed implements Runnable {
        private Timed prev;
        private Timed next;
        private long deadline;
        private ThreadTimers owner;
        private int list = -1;
    }

    private static final Logger LOG = LoggerFactory.getLogger(RequestTimers.class);

    private final PerIoThread<ThreadTimers> threads = new PerIoThread<>(ThreadTimers::new);

    /** Starts {@code timed}'s timeout of {@code timeoutMs} (> 0), once per request, on its IO thread {@code thread}. */
    public void start(XnioIoThread thread, Timed timed, long timeoutMs) {
        threads.get(thread).add(timed, timeoutMs);
    }

    /** Stops {@code timed}'s timeout, if it is running; idempotent. */
    public void stop(Timed timed) {
        ThreadTimers owner = timed.owner;
        if (owner == null) {
            return;
        }
        if (Thread.currentThread() == owner.thread) {
            owner.remove(timed);
        } else {
            owner.thread.execute(() -> owner.remove(timed));
        }
    }

    /** The lists of one IO thread and its one armed timer. */
    private static final class ThreadTimers implements Runnable {
        final XnioIoThread thread;
        /** The timeout of each sorted list; the list after them ({@link #mixed}) takes every other timeout. */
        private long[] timeouts = new long[0];
        private Timed[] heads = new Timed[1];
        private Timed[] tails = new Timed[1];
        private XnioExecutor.Key armed;
        private long armedFor;

        ThreadTimers(XnioIoThread thread) {
            this.thread = thread;
        }

        /** The index of the unsorted list. */
        private int mixed() {
            return timeouts.length;
        }

        void add(Timed t, long timeoutMs) {
            int list = listFor(timeoutMs);
            t.deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
            t.owner = this;
            t.list = list;
            t.next = null;
            t.prev = tails[list];
            if (t.prev == null) {
                heads[list] = t;
            } else {
                t.prev.next = t;
            }
            tails[list] = t;
            if (armed == null || t.deadline - armedFor < 0) {
                arm(t.deadline);
            }
        }

        void remove(Timed t) {
            if (t.owner != this) {
                return;
            }
            int list = t.list;
            if (t.prev == null) {
                heads[list] = t.next;
            } else {
                t.prev.next = t.next;
            }
            if (t.next == null) {
                tails[list] = t.prev;
            } else {
                t.next.prev = t.prev;
            }
            t.prev = null;
            t.next = null;
            t.owner = null;
            t.list = -1;
            // the armed timer stays: when it fires early it finds nothing expired and re-arms
        }

        /** The timer fired: time out every expired request, then arm for the earliest one left. */
        @Override
        public void run() {
            armed = null;
            long now = System.nanoTime();
            for (int list = 0; list < mixed(); list++) {
                Timed t;
                while ((t = heads[list]) != null && t.deadline - now <= 0) {
                    expire(t);
                }
            }
            for (Timed t = heads[mixed()]; t != null; ) {
                Timed n = t.next;
                if (t.deadline - now <= 0) {
                    expire(t);
                }
                t = n;
            }
            long earliest = 0;
            boolean any = false;
            for (int list = 0; list <= mixed(); list++) {
                // a sorted list's head is its earliest; the mixed list is scanned whole
                for (Timed t = heads[list]; t != null; t = list == mixed() ? t.next : null) {
                    if (!any || t.deadline - earliest < 0) {
                        earliest = t.deadline;
                        any = true;
                    }
                }
            }
            if (any && armed == null) {
                arm(earliest);
            }
        }

        private void expire(Timed t) {
            remove(t);
            try {
                t.run();
            } catch (RuntimeException e) {
                LOG.error("a request timeout failed", e);
            }
        }

        private void arm(long deadline) {
            if (armed != null) {
                armed.remove();
            }
            long delayMs = Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime() + 999_999));
            armedFor = deadline;
            armed = thread.executeAfter(this, delayMs, TimeUnit.MILLISECONDS);
        }

        private int listFor(long timeoutMs) {
            for (int i = 0; i < timeouts.length; i++) {
                if (timeouts[i] == timeoutMs) {
                    return i;
                }
            }
            int n = timeouts.length;
            if (n == SORTED_LISTS) {
                return n;
            }
            // a new sorted list takes the mixed list's place, which is empty until all sorted ones exist
            timeouts = Arrays.copyOf(timeouts, n + 1);
            heads = Arrays.copyOf(heads, n + 2);
            tails = Arrays.copyOf(tails, n + 2);
            timeouts[n] = timeoutMs;
            return n;
        }
    }
}
