package io.lumen.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import ch.qos.logback.core.encoder.Encoder;

import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * An asynchronous stdout appender for high-rate lines (the {@code audit} logger): callers only
 * enqueue (lock-free, never blocking; beyond {@code queueSize} events lines are dropped and counted);
 * one writer thread encodes everything queued and writes it with ONE system call, then sleeps
 * about a millisecond when the queue is empty, so lines arriving close together share a write.
 * After {@value #NAPS_BEFORE_SLEEP} empty naps in a row it sleeps until the next line wakes it:
 * an idle service must not wake a thread a thousand times a second (on a small box that is CPU
 * taken from the requests). Logback's {@code AsyncAppender} over a
 * {@code ConsoleAppender} writes and flushes every line with its own system call and wakes its
 * thread through a lock per line; at tens of thousands of lines per second that costs more than
 * the requests being audited (see benchmarks/RESULTS.md). Lines reach stdout within a few
 * milliseconds; {@link #stop()} writes what is still queued.
 */
public final class BatchingStdoutAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {
    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    static final int NAPS_BEFORE_SLEEP = 20;
    /** A safety net only: a sleeping writer is woken by {@link #append}. */
    private static final long SLEEP_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final ConcurrentLinkedQueue<ILoggingEvent> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicLong dropped = new AtomicLong();
    private Encoder<ILoggingEvent> encoder;
    private int queueSize = 65536;
    private OutputStream out = new FileOutputStream(FileDescriptor.out);
    private volatile boolean running;
    /** Set by the writer before its long sleep; an appender that sees it wakes the writer. */
    private volatile boolean sleeping;
    private volatile long wakeups;
    private Thread writer;

    public void setEncoder(Encoder<ILoggingEvent> encoder) {
        this.encoder = encoder;
    }

    public void setQueueSize(int queueSize) {
        this.queueSize = queueSize;
    }

    /** For tests: where the lines go instead of stdout. */
    void setOutputStream(OutputStream out) {
        this.out = out;
    }

    /** Lines dropped because the queue was full. */
    public long dropped() {
        return dropped.get();
    }

    @Override
    public void start() {
        if (encoder == null) {
            addError("no encoder for appender " + getName());
            return;
        }
        running = true;
        writer = new Thread(this::writeLoop, "lumen-log-" + getName());
        writer.setDaemon(true);
        writer.start();
        super.start();
    }

    @Override
    protected void append(ILoggingEvent event) {
        if (queued.incrementAndGet() > queueSize) {
            queued.decrementAndGet();
            dropped.incrementAndGet();
            return;
        }
        try {
            event.prepareForDeferredProcessing(); // message, MDC and thread name as of now
        } catch (RuntimeException e) {
            queued.decrementAndGet();
            throw e; // logback reports it as a failed append
        }
        queue.offer(event);
        if (sleeping) { // read after the offer: the writer sets it before it looks at the queue again
            sleeping = false;
            LockSupport.unpark(writer);
        }
    }

    private void writeLoop() {
        ByteArrayOutputStream batch = new ByteArrayOutputStream(1 << 16);
        int emptyNaps = 0;
        while (running || !queue.isEmpty()) {
            if (drainInto(batch)) {
                emptyNaps = 0;
            } else if (++emptyNaps < NAPS_BEFORE_SLEEP) {
                LockSupport.parkNanos(IDLE_NANOS);
            } else {
                sleeping = true;
                if (running && queue.isEmpty()) {
                    LockSupport.parkNanos(this, SLEEP_NANOS);
                }
                sleeping = false;
                emptyNaps = 0;
            }
            wakeups++; // only this thread writes it
        }
    }

    /** How many times the writer thread has come round its loop (for tests: an idle writer must sleep). */
    long wakeups() {
        return wakeups;
    }

    /** Encodes what is queued (up to 1 MiB) into one write; false when there was nothing. */
    private boolean drainInto(ByteArrayOutputStream batch) {
        ILoggingEvent e = queue.poll();
        if (e == null) {
            return false;
        }
        batch.reset();
        int n = 0;
        while (e != null) {
            n++;
            try {
                batch.writeBytes(encoder.encode(e));
            } catch (RuntimeException ex) {
                addError("cannot encode a log event", ex);
            }
            e = batch.size() < (1 << 20) ? queue.poll() : null;
        }
        queued.addAndGet(-n);
        try {
            batch.writeTo(out);
            out.flush();
        } catch (IOException ex) {
            addError("cannot write log lines", ex);
        }
        return true;
    }

    @Override
    public void stop() {
        if (!isStarted()) {
            return;
        }
        super.stop();
        running = false;
        LockSupport.unpark(writer);
        try {
            writer.join(TimeUnit.SECONDS.toMillis(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (dropped.get() > 0) {
            addWarn(getName() + " dropped " + dropped.get() + " lines because its queue of " + queueSize + " was full");
        }
    }
}
