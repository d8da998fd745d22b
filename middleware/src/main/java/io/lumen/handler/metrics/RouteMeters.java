package io.lumen.handler.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The request timers of one endpoint and method: one per status class (1xx-5xx), each resolved on
 * first use and then kept, so recording is an array read and a {@link Timer#record} call.
 */
final class RouteMeters {
    static final String NAME = "lumen.requests";
    private static final String[] CLASSES = {"1xx", "1xx", "2xx", "3xx", "4xx", "5xx"};
    private static final Duration[] SLOS = {
        Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5), Duration.ofMillis(10),
        Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
        Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
        Duration.ofSeconds(10)};

    private final MeterRegistry registry;
    private final String endpoint;
    private final String method;
    private final boolean histogram;
    private final Timer[] timers = new Timer[CLASSES.length]; // benign race: the registry returns one meter per id

    RouteMeters(MeterRegistry registry, String endpoint, String method, boolean histogram) {
        this.registry = registry;
        this.endpoint = endpoint;
        this.method = method;
        this.histogram = histogram;
    }

    void record(int status, long nanos) {
        int c = status / 100;
        if (c < 1 || c > 5) {
            c = 5; // not an HTTP status: count it with the server errors
        }
        Timer t = timers[c];
        if (t == null) {
            t = timer(CLASSES[c]);
            timers[c] = t;
        }
        t.record(nanos, TimeUnit.NANOSECONDS);
    }

    private Timer timer(String statusClass) {
        Timer.Builder b = Timer.builder(NAME)
                .description("HTTP requests by endpoint, method and status class")
                .tag("endpoint", endpoint)
                .tag("method", method)
                .tag("status", statusClass);
        if (histogram) {
            b.serviceLevelObjectives(SLOS);
        }
        return b.register(registry);
    }
}
