/**
 * Schema migrations of a pool's database with Flyway: versioned SQL files from the locations of
 * datasource.yml's {@code migration}, applied once per database and recorded in Flyway's history
 * table.
 */
package io.lumen.datasource.migration;
