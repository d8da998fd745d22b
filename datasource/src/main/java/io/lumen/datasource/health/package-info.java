/**
 * Readiness for database pools: a periodic check per pool on the module's daemon threads reports
 * whether the database can be reached to {@link io.lumen.server.Readiness}; the readiness probe
 * then answers 503 while it cannot.
 */
package io.lumen.datasource.health;
