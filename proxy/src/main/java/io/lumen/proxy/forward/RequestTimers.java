package io.lumen.proxy.forward;

import io.lumen.client.pool.PerIoThread;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.XnioExecutor;
import org.xnio.XnioIoThread;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The timeouts of one proxy's requests, kept per IO thread without a timer per request.
 *
 * <p>Every request used to arm an XNIO timer of its own: an entry in the IO thread's sorted delay
 * queue (a {@code TreeSet} under a lock) added on arrival and removed on the answer, about 1.3% of
 * the proxy's CPU and 90 bytes per request. Here a request joins a FIFO list of its IO thread, one
 * list per distinct timeout (maxRequestTime and each pathTimeouts value, a handful). Requests with
 * the same timeout expire in the order they arrived, so each list is sorted by deadline as it
 * grows and its head is its earliest deadline. One XNIO timer per thread is armed for the earliest
 * head; leaving a list is an O(1) unlink that touches no timer. When the timer fires, the expired
 * heads time out and the timer is armed again for the next one.
 *
 * <p>Each thread's lists are touched only by that thread: {@link #start} must be called on the
 * request's IO thread, {@link #stop} hops there when called elsewhere.
 */
final class RequestTimers {
    /** One timed request: the proxy exchange is its own list node. */
    abstract static class Timed implements Runnable {
        private Timed prev;
        private Timed next;
        private long deadline;
        private ThreadTimers owner;
        private int list = -1;
    }

    private static final Logger LOG = LoggerFactory.getLogger(RequestTimers.class);

    private final PerIoThread<ThreadTimers> threads = new PerIoThread<>(ThreadTimers::new);

    /** Starts {@code timed}'s timeout of {@code timeoutMs} (> 0), once per request, on its IO thread {@code thread}. */
    void start(XnioIoThread thread, Timed timed, long timeoutMs) {
        threads.get(thread).add(timed, timeoutMs);
    }

    /** Stops {@code timed}'s timeout, if it is running; idempotent. */
    void stop(Timed timed) {
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
        private long[] timeouts = new long[0];
        private Timed[] heads = new Timed[0];
        private Timed[] tails = new Timed[0];
        private XnioExecutor.Key armed;
        private long armedFor;

        ThreadTimers(XnioIoThread thread) {
            this.thread = thread;
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
            for (int list = 0; list < heads.length; list++) {
                Timed t;
                while ((t = heads[list]) != null && t.deadline - now <= 0) {
                    remove(t);
                    try {
                        t.run();
                    } catch (RuntimeException e) {
                        LOG.error("a request timeout failed", e);
                    }
                }
            }
            long earliest = Long.MAX_VALUE;
            boolean any = false;
            for (Timed head : heads) {
                if (head != null && (!any || head.deadline - earliest < 0)) {
                    earliest = head.deadline;
                    any = true;
                }
            }
            if (any && armed == null) {
                arm(earliest);
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
            timeouts = Arrays.copyOf(timeouts, n + 1);
            heads = Arrays.copyOf(heads, n + 1);
            tails = Arrays.copyOf(tails, n + 1);
            timeouts[n] = timeoutMs;
            return n;
        }
    }
}
