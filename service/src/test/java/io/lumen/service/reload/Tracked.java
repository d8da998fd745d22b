package io.lumen.service.reload;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/** A shared closeable of one generation, as a pool would be; every instance is listed for the tests. */
public final class Tracked implements AutoCloseable {
    public static final List<Tracked> ALL = new CopyOnWriteArrayList<>();

    final String label;
    private final AtomicBoolean closed = new AtomicBoolean();

    Tracked(String label) {
        this.label = label;
        ALL.add(this);
    }

    boolean isClosed() {
        return closed.get();
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            throw new IllegalStateException("closed twice: " + label);
        }
    }

    @Override
    public String toString() {
        return "Tracked[" + label + (isClosed() ? ", closed]" : "]");
    }
}
