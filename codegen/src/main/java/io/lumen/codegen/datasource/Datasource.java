package io.lumen.codegen.datasource;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The database of a generated service: one pool of {@code lumen-datasource}'s {@code datasource.yml}.
 *
 * @param pool       the pool's name (datasource.yml's top-level key, {@code DataSources.pool(name)})
 * @param driver     the JDBC driver the project depends on
 * @param migrations whether Flyway applies {@code src/main/resources/db/migration} at startup
 */
public record Datasource(String pool, Driver driver, boolean migrations) {
    /** The pool name used when none is given. */
    public static final String DEFAULT_POOL = "main";
    /** What lumen-datasource accepts as a pool name. */
    static final Pattern POOL_NAME = Pattern.compile("[A-Za-z0-9_-]+");

    public Datasource {
        if (!POOL_NAME.matcher(pool).matches()) {
            throw new IllegalArgumentException("pool name '" + pool + "': letters, digits, '_' and '-' only");
        }
    }

    /** The JDBC drivers a project can be generated with. */
    public enum Driver {
        /** H2, embedded, in a file under {@code ./data}: nothing to install. */
        H2("h2", "com.h2database", "h2"),
        /** PostgreSQL (pgjdbc); Flyway needs its PostgreSQL module for migrations. */
        POSTGRESQL("postgresql", "org.postgresql", "postgresql");

        private final String label;
        private final String groupId;
        private final String artifactId;

        Driver(String label, String groupId, String artifactId) {
            this.label = label;
            this.groupId = groupId;
            this.artifactId = artifactId;
        }

        /** The name users write: {@code h2}, {@code postgresql}. */
        public String label() {
            return label;
        }

        public String groupId() {
            return groupId;
        }

        public String artifactId() {
            return artifactId;
        }

        /** The driver named {@code label} (case-insensitive), or an {@link IllegalArgumentException} listing the choices. */
        public static Driver of(String label) {
            for (Driver d : values()) {
                if (d.label.equals(label.toLowerCase(Locale.ROOT))) {
                    return d;
                }
            }
            throw new IllegalArgumentException("driver '" + label + "': one of h2, postgresql");
        }
    }

    /** The JDBC URL datasource.yml defaults to: H2 in {@code ./data/<pool>/}, PostgreSQL on localhost. */
    public String defaultJdbcUrl(String databaseName) {
        return switch (driver) {
            case H2 -> "jdbc:h2:file:./data/" + pool + "/" + pool;
            case POSTGRESQL -> "jdbc:postgresql://localhost:5432/" + databaseName;
        };
    }

    /** The user datasource.yml defaults to. */
    public String defaultUsername(String databaseName) {
        return driver == Driver.H2 ? "sa" : databaseName;
    }

    /** The URL of the generated tests' database: H2 in memory (in PostgreSQL mode for a PostgreSQL project). */
    public String testJdbcUrl() {
        return "jdbc:h2:mem:" + pool + (driver == Driver.POSTGRESQL ? ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE" : "")
                + ";DB_CLOSE_DELAY=-1";
    }
}
