/**
 * Data access for Lumen services: named HikariCP pools from {@code datasource.yml}
 * ({@link io.lumen.datasource.DataSources}, one per service, closed after the shutdown drain),
 * used by handlers through {@link io.lumen.datasource.JdbcPool}, whose failures become the error
 * JSON (503 when the pool is busy or the database unreachable). Pools report to readiness, bind
 * HikariCP's Micrometer meters and may run Flyway migrations at startup.
 */
package io.lumen.datasource;
