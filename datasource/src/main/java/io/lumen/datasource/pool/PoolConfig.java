package io.lumen.datasource.pool;

import com.fasterxml.jackson.annotation.JsonAlias;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One pool of {@code datasource.yml}: the value under the pool's name. {@code jdbcUrl},
 * {@code username}, {@code password}, {@code maximumPoolSize}, {@code connectionTimeout},
 * {@code settings} and {@code parameters} are light-4j's keys (same names, same meaning;
 * {@code DriverClassName} is accepted as light-4j spells it); the rest are Lumen's.
 *
 * @param jdbcUrl             the JDBC URL; required, must start with {@code jdbc:}
 * @param username            database user (none)
 * @param password            database password (none); masked in {@code /adm/server/info}
 * @param driverClassName     a {@link java.sql.Driver} class; without it the driver that accepts
 *                            {@code jdbcUrl} is found through {@link java.sql.DriverManager}
 * @param maximumPoolSize     connections at most (10)
 * @param connectionTimeout   ms a request waits for a free connection before it fails with 503
 *                            {@code ERR19041}; HikariCP's minimum is 250 (3000)
 * @param failFast            true: a database that cannot be reached at startup (wrong URL, bad
 *                            credentials, down) stops startup with one line; false: the service
 *                            starts with readiness false and keeps retrying (true)
 * @param healthCheckInterval ms between two checks of the database for readiness (2000)
 * @param metrics             pool meters ({@code hikaricp_*}) in the service's Micrometer registry (true)
 * @param settings            more HikariCP settings
 * @param parameters          driver properties, passed to the driver as they are (e.g. PostgreSQL's
 *                            {@code ssl: 'true'})
 * @param migration           schema migrations with Flyway at startup
 */
public record PoolConfig(String jdbcUrl, String username, String password,
                         @JsonAlias("DriverClassName") String driverClassName,
                         Integer maximumPoolSize, Integer connectionTimeout, Boolean failFast,
                         Integer healthCheckInterval, Boolean metrics, Settings settings,
                         Map<String, String> parameters, Migration migration) {

    public PoolConfig {
        if (jdbcUrl == null || jdbcUrl.isBlank()) {
            throw new IllegalArgumentException("jdbcUrl is required, e.g. jdbc:postgresql://db:5432/petstore");
        }
        jdbcUrl = jdbcUrl.trim();
        if (!jdbcUrl.startsWith("jdbc:")) {
            throw new IllegalArgumentException("jdbcUrl must start with 'jdbc:', got '" + JdbcUrls.mask(jdbcUrl) + "'");
        }
        username = blankToNull(username);
        password = password == null || password.isEmpty() ? null : password;
        driverClassName = blankToNull(driverClassName);
        maximumPoolSize = range("maximumPoolSize", maximumPoolSize, 10, 1, 10_000);
        connectionTimeout = range("connectionTimeout", connectionTimeout, 3000, 250, Integer.MAX_VALUE);
        failFast = failFast == null || failFast;
        healthCheckInterval = range("healthCheckInterval", healthCheckInterval, 2000, 100, Integer.MAX_VALUE);
        metrics = metrics == null || metrics;
        settings = settings == null ? new Settings(null, null, null, null, null, null, null, null, null, null,
                null, null, null) : settings;
        parameters = parameters == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        migration = migration == null ? new Migration(null, null, null, null) : migration;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    static int range(String key, Integer value, int dflt, int min, int max) {
        int v = value == null ? dflt : value;
        if (v < min || v > max) {
            throw new IllegalArgumentException(key + " must be " + min + " to " + max + ", got " + v);
        }
        return v;
    }

    /**
     * HikariCP settings beyond the main keys, under {@code settings} as in light-4j; each is the
     * HikariCP property of the same name, and an absent one keeps HikariCP's default. Times in ms.
     *
     * @param minimumIdle           idle connections kept ready (= maximumPoolSize)
     * @param idleTimeout           ms an idle connection above minimumIdle is kept (600000)
     * @param maxLifetime           ms a connection lives at most (1800000)
     * @param keepaliveTime         ms between keep-alive checks of idle connections (120000)
     * @param validationTimeout     ms a connection check may take (5000)
     * @param leakDetectionThreshold ms a connection may be held before a leak warning (0 = off)
     * @param connectionTestQuery   a query that checks a connection, for drivers without {@code isValid}
     * @param connectionInitSql     SQL run once on every new connection
     * @param autoCommit            auto-commit of returned connections (true)
     * @param readOnly              connections are read-only (false)
     * @param transactionIsolation  e.g. {@code TRANSACTION_READ_COMMITTED} (the driver's default)
     * @param schema                default schema
     * @param registerMbeans        register HikariCP's JMX beans (false)
     */
    public record Settings(Integer minimumIdle, Long idleTimeout, Long maxLifetime, Long keepaliveTime,
                           Long validationTimeout, Long leakDetectionThreshold, String connectionTestQuery,
                           String connectionInitSql, Boolean autoCommit, Boolean readOnly,
                           String transactionIsolation, String schema, Boolean registerMbeans) {
    }

    /**
     * Flyway migrations of this pool's database, applied at startup (or, with {@code failFast:
     * false}, when the database is first reached; the service is not ready before).
     *
     * @param enabled           run them (false)
     * @param locations         where the versioned SQL files are, Flyway style
     *                          ({@code classpath:db/petstore}, {@code filesystem:/etc/svc/sql});
     *                          default {@code classpath:db/<pool name>}
     * @param table             Flyway's history table (flyway_schema_history)
     * @param baselineOnMigrate adopt a database that has tables but no history table (false)
     */
    public record Migration(Boolean enabled, List<String> locations, String table, Boolean baselineOnMigrate) {
        public Migration {
            enabled = enabled != null && enabled;
            locations = locations == null ? List.of() : locations.stream()
                    .filter(l -> l != null && !l.isBlank()).map(String::trim).toList();
            table = table == null || table.isBlank() ? "flyway_schema_history" : table.trim();
            baselineOnMigrate = baselineOnMigrate != null && baselineOnMigrate;
        }

        /** The locations, or {@code classpath:db/<pool>} when none is given. */
        public List<String> locationsFor(String pool) {
            return locations.isEmpty() ? List.of("classpath:db/" + pool) : locations;
        }
    }
}
