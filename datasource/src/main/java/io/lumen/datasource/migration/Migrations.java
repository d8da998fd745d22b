package io.lumen.datasource.migration;

import com.zaxxer.hikari.util.DriverDataSource;
import io.lumen.datasource.pool.PoolConfig;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.output.MigrateResult;

import java.util.Properties;

/**
 * Applies a pool's versioned SQL migrations with Flyway (a maintained library: history table,
 * checksums of applied files, one lock per migration run, so several instances of a service that
 * start together migrate once). Flyway gets its own unpooled connections with the pool's URL,
 * credentials and driver properties: it holds two at once, which a small pool may not have free.
 * Called on the thread that opens the pool, or on the health-check thread when the database was
 * not there at startup.
 */
public final class Migrations {
    private Migrations() {
    }

    /**
     * Migrates the pool's database to the newest version found in the migration's locations.
     *
     * @return how many migrations ran (0 when the schema was current)
     * @throws MigrationFailure with a one-line reason: a location that does not exist, a file
     *                          changed after it was applied, a failing statement, no connection
     */
    public static int migrate(String pool, PoolConfig config, ClassLoader classLoader) {
        PoolConfig.Migration migration = config.migration();
        Properties properties = new Properties();
        properties.putAll(config.parameters());
        try {
            Flyway flyway = Flyway.configure(classLoader)
                    .dataSource(new DriverDataSource(config.jdbcUrl(), config.driverClassName(), properties,
                            config.username(), config.password()))
                    .locations(migration.locationsFor(pool).toArray(String[]::new))
                    .table(migration.table())
                    .baselineOnMigrate(migration.baselineOnMigrate())
                    .failOnMissingLocations(true) // a mistyped location must not look like "nothing to do"
                    .load();
            MigrateResult result = flyway.migrate();
            return result.migrationsExecuted;
        } catch (FlywayException e) {
            throw new MigrationFailure(oneLine(e.getMessage()), e);
        }
    }

    static String oneLine(String message) {
        if (message == null) {
            return "Flyway failed without a message";
        }
        // Flyway's messages span lines and underline headings with dashes
        return message.replaceAll("-{3,}", " ").replaceAll("\\s+", " ").trim();
    }

    /** A migration that did not complete; the message is one line. */
    public static final class MigrationFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MigrationFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
