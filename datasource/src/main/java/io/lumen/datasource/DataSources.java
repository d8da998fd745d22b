package io.lumen.datasource;

import com.zaxxer.hikari.HikariDataSource;
import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.datasource.health.PoolHealth;
import io.lumen.datasource.migration.Migrations;
import io.lumen.datasource.pool.JdbcUrls;
import io.lumen.datasource.pool.PoolConfig;
import io.lumen.datasource.pool.PoolFactory;
import io.lumen.handler.metrics.Registries;
import io.lumen.server.Readiness;
import io.lumen.server.ServiceContext;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * The JDBC pools of one service, one per top-level key of {@code datasource.yml}, opened once
 * (by {@link DataSourceStartupHook} before any handler is created, or on the first
 * {@link #of(ServiceContext)}) and closed when the service stops, after in-flight requests have
 * drained (it is a shared object of the {@link ServiceContext}). Opening a pool checks its driver,
 * connects (with {@code failFast}), runs its migrations and binds its meters; each pool then gets a
 * readiness dependency kept current by a periodic check on a daemon thread. Thread-safe.
 */
public final class DataSources implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DataSources.class);
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+");

    private final Map<String, JdbcPool> pools;
    private final List<PoolHealth> checks;
    private final ScheduledExecutorService scheduler;

    private DataSources(Map<String, JdbcPool> pools, List<PoolHealth> checks, ScheduledExecutorService scheduler) {
        this.pools = Collections.unmodifiableMap(pools);
        this.checks = List.copyOf(checks);
        this.scheduler = scheduler;
    }

    /**
     * The service's pools, opened on first use. Throws {@link ConfigException} (file, line, key)
     * when datasource.yml is missing or wrong, a driver is missing, or a {@code failFast} pool
     * cannot reach its database or migrate it.
     */
    public static DataSources of(ServiceContext context) {
        // the registry first: creating it inside the factory below would nest two shared() creations
        MeterRegistry registry = Registries.of(context);
        return context.shared(DataSources.class, () -> open(context, registry));
    }

    /** The pool named {@code name} in datasource.yml. */
    public JdbcPool pool(String name) {
        JdbcPool p = pools.get(name);
        if (p == null) {
            throw new IllegalArgumentException("datasource.yml has no pool '" + name + "' (its pools: "
                    + String.join(", ", pools.keySet()) + ")");
        }
        return p;
    }

    /** The pool names, in datasource.yml's order. */
    public Set<String> names() {
        return pools.keySet();
    }

    private static DataSources open(ServiceContext context, MeterRegistry registry) {
        ConfigFile file = context.config().find("datasource").orElseThrow(() -> new ConfigException("datasource.yml", 0,
                null, "not found in the config dirs " + context.config().configDirs()
                + " or classpath config/: it declares the JDBC pools"));
        if (!(file.tree() instanceof Map<?, ?> top) || top.isEmpty()) {
            throw file.error("", "declares no pool: each top-level key names a pool, with its jdbcUrl below it");
        }
        ClassLoader cl = classLoader();
        List<Opened> opened = new ArrayList<>();
        try {
            for (Object key : top.keySet()) {
                String name = String.valueOf(key);
                if (!NAME.matcher(name).matches()) {
                    // a JSON pointer cannot name a key with '/' or '~' unescaped: point at the file then
                    throw file.error(name.contains("/") || name.contains("~") ? "" : "/" + name,
                            "pool name '" + name + "' may hold only letters, digits, '_' and '-'");
                }
                PoolConfig config = file.bindAt("/" + name, PoolConfig.class);
                HikariDataSource ds = PoolFactory.open(name, config, file, registry, cl);
                Runnable prepare = null;
                String migrated = "";
                opened.add(new Opened(name, ds, config, null));
                if (config.migration().enabled()) {
                    if (config.failFast()) {
                        migrated = ", " + migrate(name, config, file, cl) + " migrations applied";
                    } else { // when the database is first reached
                        prepare = () -> LOG.info("datasource {}: {} migrations applied", name,
                                Migrations.migrate(name, config, cl));
                    }
                }
                opened.set(opened.size() - 1, new Opened(name, ds, config, prepare));
                LOG.info("datasource {}: {} (at most {} connections, connectionTimeout {} ms{}{})", name,
                        JdbcUrls.mask(config.jdbcUrl()), config.maximumPoolSize(), config.connectionTimeout(), migrated,
                        config.failFast() ? "" : "; not checked yet: readiness false until it answers");
            }
        } catch (RuntimeException e) {
            for (Opened o : opened) {
                o.dataSource.close();
            }
            throw e;
        }
        return watch(context, opened);
    }

    /** A pool opened and not watched yet; {@code prepare} runs once when its database is first reached. */
    private record Opened(String name, HikariDataSource dataSource, PoolConfig config, Runnable prepare) {
    }

    private static int migrate(String name, PoolConfig config, ConfigFile file, ClassLoader cl) {
        try {
            return Migrations.migrate(name, config, cl);
        } catch (Migrations.MigrationFailure e) {
            throw file.error("/" + name + "/migration", "migration failed: " + e.getMessage());
        }
    }

    /** Registers a readiness dependency per pool and starts the health checks. */
    private static DataSources watch(ServiceContext context, List<Opened> opened) {
        AtomicInteger n = new AtomicInteger();
        ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(Math.min(opened.size(), 4), r -> {
            Thread t = new Thread(r, "lumen-datasource-health-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        Map<String, JdbcPool> pools = new LinkedHashMap<>();
        List<PoolHealth> checks = new ArrayList<>();
        for (Opened o : opened) {
            boolean failFast = o.config.failFast(); // a failFast pool has connected: available from the start
            Readiness.Dependency dependency = context.readiness().dependency("datasource '" + o.name + "'", failFast);
            PoolHealth health = new PoolHealth(o.name, o.dataSource, dependency, o.prepare);
            int interval = o.config.healthCheckInterval();
            health.start(scheduler, failFast ? interval : 0, interval);
            checks.add(health);
            pools.put(o.name, new JdbcPool(o.name, o.dataSource, o.config, dependency, context.statuses()));
        }
        return new DataSources(pools, checks, scheduler);
    }

    /** Stops the health checks and closes every pool (HikariCP aborts connections still in use). */
    @Override
    public void close() {
        checks.forEach(PoolHealth::stop);
        scheduler.shutdownNow();
        try {
            if (!scheduler.awaitTermination(2, TimeUnit.SECONDS)) {
                LOG.warn("datasource health checks did not stop within 2 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<JdbcPool> reversed = new ArrayList<>(pools.values());
        Collections.reverse(reversed);
        for (JdbcPool p : reversed) {
            p.close();
            LOG.info("datasource {}: closed", p.name());
        }
    }

    private static ClassLoader classLoader() {
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        return cl != null ? cl : DataSources.class.getClassLoader();
    }

    @Override
    public String toString() {
        return "DataSources" + pools.keySet();
    }
}
