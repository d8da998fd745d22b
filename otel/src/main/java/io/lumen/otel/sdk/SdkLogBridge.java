package io.lumen.otel.sdk;

import io.lumen.status.Causes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;

/**
 * Sends the OpenTelemetry SDK's own log records (java.util.logging, logger {@code io.opentelemetry})
 * to SLF4J under the same logger names, so they land in the service's log like every other line
 * instead of on stderr with stack traces: a failure's exception becomes one short text, its stack
 * trace is added only when the logger is at DEBUG.
 *
 * <p>Rate-limited per logger: a collector that is down makes the exporter fail and the batch
 * processor drop spans at every export, so each SDK logger may write {@value #BURST} lines, then one
 * a minute, which says how many were left out. (The exporter also throttles its own messages.)
 *
 * <p>Installed once per JVM, on the first tracing start; it stays (the JUL logger tree is
 * process-wide). Thread-safe.
 */
final class SdkLogBridge extends Handler {
    /** Held strongly: java.util.logging forgets the settings of a logger nobody references. */
    private static final java.util.logging.Logger OTEL = java.util.logging.Logger.getLogger("io.opentelemetry");
    private static final SimpleFormatter MESSAGES = new SimpleFormatter();
    static final int BURST = 5;
    static final long REFILL_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** Lines allowed per logger name (a handful of SDK classes, so the map stays small). */
    private final Map<String, Budget> budgets = new ConcurrentHashMap<>();

    static void install() {
        synchronized (OTEL) {
            for (Handler h : OTEL.getHandlers()) {
                if (h instanceof SdkLogBridge) {
                    return;
                }
            }
            OTEL.addHandler(new SdkLogBridge());
            OTEL.setUseParentHandlers(false);
        }
    }

    /** Gives every SDK logger its full budget again (tests that count lines within the same minute). */
    static void resetBudgets() {
        synchronized (OTEL) {
            for (Handler h : OTEL.getHandlers()) {
                if (h instanceof SdkLogBridge bridge) {
                    bridge.budgets.clear();
                }
            }
        }
    }

    @Override
    public void publish(LogRecord record) {
        Logger log = LoggerFactory.getLogger(record.getLoggerName() == null ? "io.opentelemetry" : record.getLoggerName());
        int level = record.getLevel().intValue();
        if (!enabled(log, level)) {
            return;
        }
        long suppressed = level >= Level.WARNING.intValue()
                ? budgets.computeIfAbsent(log.getName(), n -> new Budget()).take(System.nanoTime()) : 0;
        if (suppressed < 0) {
            return;
        }
        String message = MESSAGES.formatMessage(record);
        if (suppressed > 0) {
            message = message + " [" + suppressed + " similar line(s) left out since the last one]";
        }
        Throwable t = record.getThrown();
        if (t != null) {
            message = message + " (" + describe(t) + ")";
        }
        Throwable trace = t != null && log.isDebugEnabled() ? t : null;
        if (level >= Level.SEVERE.intValue()) {
            log.error(message, trace);
        } else if (level >= Level.WARNING.intValue()) {
            log.warn(message, trace);
        } else if (level >= Level.INFO.intValue()) {
            log.info(message, trace);
        } else {
            log.debug(message, trace);
        }
    }

    private static boolean enabled(Logger log, int level) {
        if (level >= Level.SEVERE.intValue()) {
            return log.isErrorEnabled();
        }
        if (level >= Level.WARNING.intValue()) {
            return log.isWarnEnabled();
        }
        return level >= Level.INFO.intValue() ? log.isInfoEnabled() : log.isDebugEnabled();
    }

    /** The exception and its root cause in one line: connect failures often have no message of their own. */
    static String describe(Throwable t) {
        Throwable root = Causes.root(t);
        return root == t ? t.toString() : t + ", caused by " + root;
    }

    /** A token bucket of {@value #BURST} lines refilled one a minute, counting what it refused. */
    static final class Budget {
        private long tokens = BURST;
        private long refilledAt = Long.MIN_VALUE;
        private long refused;

        /** -1 to leave this line out; else the number of lines left out before it. */
        synchronized long take(long now) {
            if (refilledAt == Long.MIN_VALUE) {
                refilledAt = now;
            }
            long earned = (now - refilledAt) / REFILL_NANOS;
            if (earned > 0) {
                tokens = Math.min(BURST, tokens + earned);
                refilledAt += earned * REFILL_NANOS;
            }
            if (tokens == 0) {
                refused++;
                return -1;
            }
            tokens--;
            long r = refused;
            refused = 0;
            return r;
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
