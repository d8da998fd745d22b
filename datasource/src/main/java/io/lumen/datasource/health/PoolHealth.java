package io.lumen.datasource.health;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import io.lumen.server.Readiness;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Checks one pool's database every {@code interval} ms and reports it to readiness: a connection
 * borrowed from the pool that answers {@link Connection#isValid} means reachable. A pool whose
 * every connection is in use is busy, not down (requests fail on their own when the database goes
 * away, and HikariCP then drops the broken connections), so such a check, and a borrow that timed
 * out with no connection failure behind it, leave the state as it was. Until the database has been
 * reached once, and the pool's {@code prepare} step (its migrations) has run, it is unavailable.
 * Runs on the datasource module's health-check threads; state changes are logged once.
 */
public final class PoolHealth implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(PoolHealth.class);

    private final String pool;
    private final HikariDataSource dataSource;
    private final Readiness.Dependency dependency;
    private final Runnable prepare;
    private final int validationSeconds;
    private volatile boolean prepared;
    private String lastProblem; // only the check thread touches it
    private ScheduledFuture<?> schedule;

    /**
     * @param prepare runs once, after the first successful check, before the pool is reported
     *                available (migrations when the database was not there at startup); null
     *                when there is nothing to do. A failure keeps the pool unavailable and is
     *                retried at the next check.
     */
    public PoolHealth(String pool, HikariDataSource dataSource, Readiness.Dependency dependency, Runnable prepare) {
        this.pool = pool;
        this.dataSource = dataSource;
        this.dependency = dependency;
        this.prepare = prepare;
        this.prepared = prepare == null;
        this.validationSeconds = (int) Math.max(1, TimeUnit.MILLISECONDS.toSeconds(dataSource.getValidationTimeout()));
    }

    /** Schedules the checks: the first after {@code firstDelay} ms, then every {@code interval} ms. */
    public synchronized void start(ScheduledExecutorService scheduler, long firstDelay, long interval) {
        schedule = scheduler.scheduleWithFixedDelay(this, firstDelay, interval, TimeUnit.MILLISECONDS);
    }

    public synchronized void stop() {
        if (schedule != null) {
            schedule.cancel(true);
        }
    }

    @Override
    public void run() {
        try {
            check();
        } catch (RuntimeException | Error e) { // a scheduled task that throws is never run again
            LOG.error("datasource {}: health check failed", pool, e);
        }
    }

    /** One check; package-visible through {@link #run()} only. */
    private void check() {
        if (dataSource.isClosed()) {
            return;
        }
        HikariPoolMXBean mx = dataSource.getHikariPoolMXBean();
        if (prepared && mx != null && mx.getIdleConnections() == 0
                && mx.getActiveConnections() >= dataSource.getMaximumPoolSize()) {
            return; // busy: every connection is serving a request
        }
        try (Connection c = dataSource.getConnection()) {
            if (!c.isValid(validationSeconds)) {
                unavailable("a connection failed its validity check");
                return;
            }
        } catch (SQLTransientConnectionException e) {
            if (e.getCause() == null && prepared) {
                return; // the wait for a connection timed out with no connection failure: busy
            }
            unavailable(reason(e));
            return;
        } catch (SQLException e) {
            unavailable(reason(e));
            return;
        }
        if (!prepared) {
            try {
                prepare.run();
                prepared = true;
            } catch (RuntimeException e) {
                unavailable(e.getMessage());
                return;
            }
        }
        lastProblem = null;
        if (dependency.available(true)) {
            LOG.info("datasource {}: the database is reachable; readiness restored", pool);
        }
    }

    private void unavailable(String problem) {
        boolean changed = dependency.available(false);
        if (changed || !problem.equals(lastProblem)) {
            LOG.warn("datasource {}: the database is unavailable ({}); readiness false until it answers", pool, problem);
        }
        lastProblem = problem;
    }

    private static String reason(SQLException e) {
        Throwable t = e.getCause() instanceof SQLException cause ? cause : e;
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m.replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }
}
