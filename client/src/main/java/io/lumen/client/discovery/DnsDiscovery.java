package io.lumen.client.discovery;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Keeps host names resolved: each {@link Watch} resolves its name once when created, then again
 * when the answer's TTL runs out (kept within {@code minTtl..maxTtl}, or every {@code interval}),
 * and hands every changed set of endpoints to its listener. A failed resolution (timeout, server
 * failure, no such name, no addresses) keeps the last good set, is logged (a warning when a streak
 * of failures starts, when it ends) and counted; the next try comes after {@code interval}.
 *
 * <p>Threads: one daemon thread per instance runs the resolutions (they block for at most the
 * query timeout) and calls the listeners; listeners must not block. {@link #watch} may be called
 * from any thread. Closing stops the thread.
 */
public final class DnsDiscovery implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DnsDiscovery.class);

    private final DiscoveryConfig config;
    private final DnsResolver resolver;
    private final ScheduledExecutorService thread;
    private final LongAdder failures = new LongAdder();
    private volatile boolean closed;

    public DnsDiscovery(DiscoveryConfig config, String threadName) {
        this(config, new DnsResolver(config), threadName);
    }

    DnsDiscovery(DiscoveryConfig config, DnsResolver resolver, String threadName) {
        this.config = config;
        this.resolver = resolver;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Starts watching {@code host}: resolved now on the calling thread (so a service starts with its
     * endpoints when DNS answers), then in the background. {@code listener} gets the first good set
     * (on the calling thread) and every later change (on the discovery thread).
     *
     * @param scheme http or https (names the SRV record: {@code _http._tcp.host})
     * @param port   the port of every address, unless SRV records give theirs
     */
    public Watch watch(String host, String scheme, int port, Consumer<List<Endpoint>> listener) {
        Watch w = new Watch(host, scheme, port, listener);
        long delay = w.resolve();
        if (!closed) {
            thread.schedule(w::refresh, delay, TimeUnit.MILLISECONDS);
        }
        return w;
    }

    /** Failed resolutions of every watched name since start (a counter for metrics). */
    public long failures() {
        return failures.sum();
    }

    public DiscoveryConfig config() {
        return config;
    }

    @Override
    public void close() {
        closed = true;
        thread.shutdownNow();
    }

    /** One watched name and its last good set of endpoints. */
    public final class Watch {
        private final String host;
        private final String scheme;
        private final int port;
        private final Consumer<List<Endpoint>> listener;
        private final LongAdder watchFailures = new LongAdder();
        private volatile List<Endpoint> current = List.of();
        private boolean failing;

        Watch(String host, String scheme, int port, Consumer<List<Endpoint>> listener) {
            this.host = host;
            this.scheme = scheme;
            this.port = port;
            this.listener = listener;
        }

        public String host() {
            return host;
        }

        /** The last good set (empty until a resolution succeeded). */
        public List<Endpoint> current() {
            return current;
        }

        /** Failed resolutions of this name. */
        public long failures() {
            return watchFailures.sum();
        }

        private void refresh() {
            if (closed) {
                return;
            }
            long delay = resolve();
            if (!closed) {
                thread.schedule(this::refresh, delay, TimeUnit.MILLISECONDS);
            }
        }

        /** One resolution; returns the delay before the next. Runs on one thread at a time. */
        private synchronized long resolve() {
            DnsResolver.Answer answer;
            try {
                answer = resolver.resolve(host, scheme, port);
            } catch (DiscoveryException | RuntimeException e) {
                failures.increment();
                watchFailures.increment();
                if (!failing) {
                    failing = true;
                    LOG.warn("dns {}: resolution failed, keeping the last {} endpoint(s) {}: {}", host, current.size(),
                            current, e.getMessage());
                } else if (LOG.isDebugEnabled()) {
                    LOG.debug("dns {}: resolution failed again: {}", host, e.getMessage());
                }
                return config.interval();
            }
            if (failing) {
                failing = false;
                LOG.info("dns {}: resolves again after {} failure(s) in all", host, watchFailures.sum());
            }
            List<Endpoint> next = answer.endpoints();
            if (!next.equals(current)) {
                List<Endpoint> added = new ArrayList<>(next);
                added.removeAll(current);
                List<Endpoint> removed = new ArrayList<>(current);
                removed.removeAll(next);
                LOG.info("dns {}: {} endpoint(s), added {}, removed {}", host, next.size(), added, removed);
                current = next;
                try {
                    listener.accept(next);
                } catch (RuntimeException e) {
                    LOG.error("dns {}: applying the new endpoints failed", host, e);
                }
            }
            return config.nextDelay(answer.ttlSeconds());
        }
    }
}
