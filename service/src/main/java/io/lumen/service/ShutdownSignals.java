package io.lumen.service;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * SIGTERM/SIGINT: stop gracefully, then exit 0. A plain JVM shutdown hook would also run on those
 * signals, but the JVM then exits 143/130, which orchestrators report as a failure; handling the
 * signal keeps the exit clean. The JVM shutdown hook stays as a fallback for {@code System.exit}.
 */
final class ShutdownSignals {
    private static final Logger LOG = LoggerFactory.getLogger(ShutdownSignals.class);

    private ShutdownSignals() {
    }

    static void install(Runnable stop) {
        AtomicBoolean once = new AtomicBoolean();
        Runnable stopOnce = () -> {
            if (once.compareAndSet(false, true)) {
                stop.run();
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(stopOnce, "lumen-shutdown"));
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                Signal.handle(new Signal(name), sig -> {
                    Thread t = new Thread(() -> {
                        LOG.info("SIG{} received: draining", sig.getName());
                        stopOnce.run();
                        System.exit(0);
                    }, "lumen-signal");
                    t.start();
                });
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                LOG.debug("cannot handle SIG{}: the JVM shutdown hook stops the service instead", name);
            }
        }
    }
}
