package io.lumen.datasource.pool;

import com.zaxxer.hikari.metrics.IMetricsTracker;
import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import com.zaxxer.hikari.metrics.PoolStats;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.List;

/**
 * HikariCP's Micrometer meters for a pool whose name may outlive it: a configuration reload opens
 * a pool of the same name in the same registry while the previous one still serves. Micrometer
 * hands out an existing meter for an existing name and tags, so the new pool's gauges would read
 * the old pool, and HikariCP's close removes meters by name and tags, so the old pool's close would
 * take the new pool's meters away. Here a new pool first removes the meters of its name (its
 * predecessor's, which then go unreported while it drains), and a closing pool removes only the
 * meter instances it registered itself. Pool creation and close only, never per connection.
 */
final class PoolMeters implements MetricsTrackerFactory {
    private static final String PREFIX = "hikaricp.";

    private final MeterRegistry registry;
    private final MicrometerMetricsTrackerFactory hikari;

    PoolMeters(MeterRegistry registry) {
        this.registry = registry;
        this.hikari = new MicrometerMetricsTrackerFactory(registry);
    }

    @Override
    public IMetricsTracker create(String poolName, PoolStats poolStats) {
        meters(poolName).forEach(registry::remove);
        IMetricsTracker tracker = hikari.create(poolName, poolStats);
        return new Tracker(tracker, meters(poolName));
    }

    private List<Meter> meters(String poolName) {
        return registry.getMeters().stream()
                .filter(m -> m.getId().getName().startsWith(PREFIX) && poolName.equals(m.getId().getTag("pool")))
                .toList();
    }

    /** HikariCP's tracker, with a close that leaves a successor's meters alone. */
    private final class Tracker implements IMetricsTracker {
        private final IMetricsTracker delegate;
        private final List<Meter> own;

        Tracker(IMetricsTracker delegate, List<Meter> own) {
            this.delegate = delegate;
            this.own = own;
        }

        @Override
        public void recordConnectionCreatedMillis(long millis) {
            delegate.recordConnectionCreatedMillis(millis);
        }

        @Override
        public void recordConnectionAcquiredNanos(long nanos) {
            delegate.recordConnectionAcquiredNanos(nanos);
        }

        @Override
        public void recordConnectionUsageMillis(long millis) {
            delegate.recordConnectionUsageMillis(millis);
        }

        @Override
        public void recordConnectionTimeout() {
            delegate.recordConnectionTimeout();
        }

        @Override
        public void close() {
            List<Meter> registered = registry.getMeters();
            for (Meter m : own) {
                if (registered.stream().anyMatch(r -> r == m)) { // still ours, not a successor's of the same id
                    registry.remove(m);
                }
            }
        }
    }
}
