package io.lumen.datasource.pool;

import io.lumen.config.ConfigFile;

import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Finds the JDBC driver of a pool before HikariCP does, so that a missing driver fails startup
 * with a line that says what to add instead of HikariCP's stack trace. Startup thread only.
 */
final class Drivers {
    private Drivers() {
    }

    static void check(PoolConfig config, ConfigFile file, String at, ClassLoader classLoader) {
        String url = JdbcUrls.mask(config.jdbcUrl());
        if (config.driverClassName() != null) {
            Class<?> type;
            try {
                type = Class.forName(config.driverClassName(), true, classLoader);
            } catch (ClassNotFoundException | LinkageError e) {
                throw file.error(at + "/driverClassName", "driver class '" + config.driverClassName()
                        + "' is not on the classpath: add the JDBC driver's jar to the service");
            }
            if (!Driver.class.isAssignableFrom(type)) {
                throw file.error(at + "/driverClassName", "'" + config.driverClassName()
                        + "' is not a java.sql.Driver (a DataSource class goes nowhere here: name the driver, or leave the key out)");
            }
            try {
                Driver driver = (Driver) type.getDeclaredConstructor().newInstance();
                if (!driver.acceptsURL(config.jdbcUrl())) {
                    throw file.error(at + "/jdbcUrl", "driver " + config.driverClassName() + " does not accept " + url);
                }
            } catch (ReflectiveOperationException | SQLException e) {
                throw file.error(at + "/driverClassName", "cannot create driver " + config.driverClassName() + ": " + e);
            }
            return;
        }
        try {
            DriverManager.getDriver(config.jdbcUrl());
        } catch (SQLException e) {
            throw file.error(at + "/jdbcUrl", "no JDBC driver on the classpath accepts " + url
                    + ": add the database's driver jar to the service (org.postgresql:postgresql, com.h2database:h2, ...)"
                    + " or check the URL");
        }
    }

    static String oneLine(String message) {
        return message == null ? "(no message)" : message.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }
}
