package io.lumen.datasource;

import com.zaxxer.hikari.HikariDataSource;
import io.lumen.datasource.pool.JdbcUrls;
import io.lumen.datasource.pool.PoolConfig;
import io.lumen.server.Readiness;
import io.lumen.status.StatusCatalogue;
import io.lumen.status.StatusException;

import javax.sql.DataSource;
import java.sql.SQLException;

/**
 * One named pool of datasource.yml, as handlers use it: the {@link DataSource} to borrow
 * connections from, and {@link #failure(SQLException)} to turn a failed call into the error JSON.
 * Created once per service by {@link DataSources}; thread-safe.
 *
 * <pre>{@code
 * JdbcPool db = DataSources.of(context).pool("petstore");      // in the handler's constructor
 * ...
 * try (Connection c = db.dataSource().getConnection(); PreparedStatement s = c.prepareStatement(SQL)) {
 *     ...
 * } catch (SQLException e) {
 *     throw db.failure(e);                                       // 503 ERR19041 when the pool is busy, ...
 * }
 * }</pre>
 * Borrowing blocks: a handler that uses a pool implements {@code io.lumen.handler.Blocking}.
 */
public final class JdbcPool {
    private final String name;
    private final HikariDataSource dataSource;
    private final PoolConfig config;
    private final Readiness.Dependency health;
    private final StatusCatalogue statuses;

    JdbcPool(String name, HikariDataSource dataSource, PoolConfig config, Readiness.Dependency health,
             StatusCatalogue statuses) {
        this.name = name;
        this.dataSource = dataSource;
        this.config = config;
        this.health = health;
        this.statuses = statuses;
    }

    /** The name in datasource.yml; also HikariCP's pool name and the {@code pool} tag of its meters. */
    public String name() {
        return name;
    }

    /** The pool (a HikariCP {@code HikariDataSource}; {@code unwrap} it for HikariCP's own API). */
    public DataSource dataSource() {
        return dataSource;
    }

    public PoolConfig config() {
        return config;
    }

    /** Whether the last health check reached the database (and its migrations have run). */
    public boolean isAvailable() {
        return health.isAvailable();
    }

    /** True once the service has stopped and closed the pool. */
    public boolean isClosed() {
        return dataSource.isClosed();
    }

    /**
     * The status exception to throw for a failed JDBC call: 503 {@code ERR19041} (no free
     * connection within {@code connectionTimeout}), 503 {@code ERR19040} (database unreachable),
     * 504 {@code ERR19043} (statement timeout), 500 {@code ERR19042} (anything else, with the cause
     * for the log). Constraint violations a handler expects (a duplicate key) are its own to
     * handle before this.
     */
    public StatusException failure(SQLException e) {
        return SqlFailures.toStatus(statuses, name, config.connectionTimeout(), e);
    }

    void close() {
        health.remove(); // a reload's new pool of the same name registers its own
        dataSource.close();
    }

    @Override
    public String toString() {
        return "JdbcPool[" + name + ", " + JdbcUrls.mask(config.jdbcUrl()) + "]";
    }
}
