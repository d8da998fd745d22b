package io.lumen.client.pool;

import org.xnio.XnioIoThread;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * One object per XNIO IO thread, made on that thread's first use and found afterwards without a
 * lock or a map lookup: an array indexed by the thread's number. The shared connection pool and the
 * proxy's request timers keep their per-thread state this way, so a request on an IO thread reaches its
 * thread's state with one volatile read. Threads of another XNIO worker reuse the same numbers;
 * when a number is taken, the later thread's object goes to a short list searched in order, so no
 * thread's object is ever replaced. Thread-safe.
 *
 * @param <T> the per-thread object
 */
public final class PerIoThread<T> {
    private record Entry<T>(XnioIoThread thread, T value) {
    }

    private final Function<XnioIoThread, T> factory;
    private final Object lock = new Object();
    private volatile Entry<?>[] entries = new Entry<?>[0];
    /** Threads whose number another thread already holds in {@code entries}. */
    private volatile Entry<?>[] others = new Entry<?>[0];

    /** @param factory makes the object of a thread; called once per thread, under a lock */
    public PerIoThread(Function<XnioIoThread, T> factory) {
        this.factory = factory;
    }

    /** {@code thread}'s object, made now if this is the thread's first use. */
    public T get(XnioIoThread thread) {
        T found = find(thread);
        if (found != null) {
            return found;
        }
        synchronized (lock) {
            found = find(thread);
            if (found != null) {
                return found;
            }
            T made = factory.apply(thread);
            Entry<T> entry = new Entry<>(thread, made);
            Entry<?>[] current = entries;
            int i = thread.getNumber();
            if (i < current.length && current[i] != null) {
                Entry<?>[] more = Arrays.copyOf(others, others.length + 1);
                more[more.length - 1] = entry;
                others = more;
            } else {
                Entry<?>[] grown = Arrays.copyOf(current, Math.max(current.length, i + 1));
                grown[i] = entry;
                entries = grown;
            }
            return made;
        }
    }

    /** The objects made so far, in thread-number order (for closing and diagnostics). */
    public List<T> values() {
        List<T> values = new ArrayList<>();
        for (Entry<?> e : entries) {
            if (e != null) {
                values.add(value(e));
            }
        }
        for (Entry<?> e : others) {
            values.add(value(e));
        }
        return values;
    }

    private T find(XnioIoThread thread) {
        Entry<?>[] current = entries;
        int i = thread.getNumber();
        if (i < current.length) {
            Entry<?> e = current[i];
            if (e != null && e.thread() == thread) {
                return value(e);
            }
        }
        for (Entry<?> e : others) {
            if (e.thread() == thread) {
                return value(e);
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private T value(Entry<?> e) {
        return (T) e.value();
    }
}
