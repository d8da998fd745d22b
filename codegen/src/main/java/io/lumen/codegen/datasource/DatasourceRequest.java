package io.lumen.codegen.datasource;

/**
 * What the command line ({@code --datasource}, {@code --datasource-name}, {@code --datasource-driver},
 * {@code --datasource-migrations}) or the Maven plugin ({@code datasource}, {@code datasourceName},
 * {@code datasourceDriver}, {@code datasourceMigrations}) asked; {@code null} parts were not given
 * and fall back to the spec's {@code x-lumen-datasource}, then to the defaults.
 *
 * @param enabled    {@code true} add a database, {@code false} none even if the spec asks, null: as the spec says
 *                   (or on when any other part is given)
 * @param pool       the pool name ({@code --datasource-name}), or null
 * @param driver     {@code h2} or {@code postgresql}, or null
 * @param migrations whether Flyway migrations run, or null
 */
public record DatasourceRequest(Boolean enabled, String pool, String driver, Boolean migrations) {
    /** Nothing asked: the spec decides. */
    public static final DatasourceRequest NONE = new DatasourceRequest(null, null, null, null);

    public DatasourceRequest {
        if (pool != null && !Datasource.POOL_NAME.matcher(pool).matches()) {
            throw new IllegalArgumentException("datasource name '" + pool + "': letters, digits, '_' and '-' only");
        }
        if (driver != null) {
            Datasource.Driver.of(driver);
        }
        if (Boolean.FALSE.equals(enabled) && (pool != null || driver != null || migrations != null)) {
            throw new IllegalArgumentException("the datasource is switched off (--no-datasource, datasource=false), "
                    + "so its pool, driver and migrations cannot be set");
        }
    }

    /** Whether anything was asked. */
    public boolean isEmpty() {
        return enabled == null && pool == null && driver == null && migrations == null;
    }

    /** Whether a part other than {@code enabled} was given (which switches the datasource on). */
    boolean hasDetails() {
        return pool != null || driver != null || migrations != null;
    }
}
