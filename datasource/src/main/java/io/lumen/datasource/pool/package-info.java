/**
 * Opening HikariCP pools from datasource.yml: driver checks, HikariCP settings, Micrometer
 * metrics and the one-line startup errors for pools that cannot be opened.
 */
package io.lumen.datasource.pool;
