/**
 * Opening HikariCP pools from datasource.yml: a pool's settings ({@code PoolConfig}), driver checks,
 * HikariCP settings, Micrometer metrics, the one-line startup errors for pools that cannot be opened,
 * and JDBC URLs without their passwords ({@code JdbcUrls}) for those messages and the logs.
 */
package io.lumen.datasource.pool;
