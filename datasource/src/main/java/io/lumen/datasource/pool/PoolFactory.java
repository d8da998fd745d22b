package io.lumen.datasource.pool;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.status.Causes;
import io.micrometer.core.instrument.MeterRegistry;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Opens one HikariCP pool from its {@link PoolConfig}. Every way the pool cannot be opened
 * becomes one {@link ConfigException} naming datasource.yml's file, line and key: a driver that is
 * not on the classpath or does not take the URL, a HikariCP setting it refuses, and (with
 * {@code failFast}) a database that cannot be reached or refuses the credentials within
 * {@code connectionTimeout}. HikariCP is told never to fail on its own
 * ({@code initializationFailTimeout = -1}) so that it logs no stack trace for what this class
 * reports in one line. Startup thread only.
 */
public final class PoolFactory {
    private PoolFactory() {
    }

    /**
     * @param registry where the pool's meters go, or null for none
     * @return the open pool; with {@code failFast} it has handed out a working connection
     */
    public static HikariDataSource open(String name, PoolConfig config, ConfigFile file, MeterRegistry registry,
                                        ClassLoader classLoader) {
        String at = "/" + name;
        Drivers.check(config, file, at, classLoader);
        HikariConfig hikari = hikariConfig(name, config, registry);
        HikariDataSource pool;
        try {
            pool = new HikariDataSource(hikari);
        } catch (IllegalArgumentException | IllegalStateException e) { // HikariCP's own validation
            throw file.error(at + "/settings", "HikariCP refused the pool's settings: " + e.getMessage());
        } catch (RuntimeException e) {
            throw file.error(at + "/jdbcUrl", "cannot open the pool for " + JdbcUrls.mask(config.jdbcUrl()) + ": "
                    + Drivers.oneLine(Causes.rootMessage(e)));
        }
        if (config.failFast()) {
            try (Connection c = pool.getConnection()) {
                c.isValid(1);
            } catch (SQLException e) {
                pool.close();
                throw connectFailure(config, file, at, e);
            }
        }
        return pool;
    }

    static HikariConfig hikariConfig(String name, PoolConfig config, MeterRegistry registry) {
        HikariConfig h = new HikariConfig();
        h.setPoolName(name);
        h.setJdbcUrl(config.jdbcUrl());
        if (config.driverClassName() != null) {
            h.setDriverClassName(config.driverClassName());
        }
        h.setUsername(config.username());
        h.setPassword(config.password());
        h.setMaximumPoolSize(config.maximumPoolSize());
        h.setConnectionTimeout(config.connectionTimeout());
        h.setInitializationFailTimeout(-1); // see the class comment: failFast is checked here
        config.parameters().forEach(h::addDataSourceProperty);
        PoolConfig.Settings s = config.settings();
        if (s.minimumIdle() != null) h.setMinimumIdle(s.minimumIdle());
        if (s.idleTimeout() != null) h.setIdleTimeout(s.idleTimeout());
        if (s.maxLifetime() != null) h.setMaxLifetime(s.maxLifetime());
        if (s.keepaliveTime() != null) h.setKeepaliveTime(s.keepaliveTime());
        if (s.validationTimeout() != null) h.setValidationTimeout(s.validationTimeout());
        if (s.leakDetectionThreshold() != null) h.setLeakDetectionThreshold(s.leakDetectionThreshold());
        if (s.connectionTestQuery() != null) h.setConnectionTestQuery(s.connectionTestQuery());
        if (s.connectionInitSql() != null) h.setConnectionInitSql(s.connectionInitSql());
        if (s.autoCommit() != null) h.setAutoCommit(s.autoCommit());
        if (s.readOnly() != null) h.setReadOnly(s.readOnly());
        if (s.transactionIsolation() != null) h.setTransactionIsolation(s.transactionIsolation());
        if (s.schema() != null) h.setSchema(s.schema());
        if (s.registerMbeans() != null) h.setRegisterMbeans(s.registerMbeans());
        if (registry != null && config.metrics()) {
            h.setMetricsTrackerFactory(new PoolMeters(registry)); // safe when a reload reopens the pool
        }
        return h;
    }

    /** The startup error for a database that was not reached: bad credentials point at username. */
    static ConfigException connectFailure(PoolConfig config, ConfigFile file, String at, SQLException e) {
        SQLException cause = e.getCause() instanceof SQLException c ? c : e.getNextException() != null ? e.getNextException() : null;
        String state = cause != null ? cause.getSQLState() : e.getSQLState();
        String key = state != null && state.startsWith("28") && config.username() != null ? "/username" : "/jdbcUrl";
        String who = config.username() == null ? "" : " as '" + config.username() + "'";
        String why = cause != null ? Drivers.oneLine(cause.getMessage())
                : "no connection within connectionTimeout " + config.connectionTimeout() + " ms";
        return file.error(at + key, "cannot connect to " + JdbcUrls.mask(config.jdbcUrl()) + who + ": " + why
                + " (set failFast: false to start unready and retry)");
    }
}
