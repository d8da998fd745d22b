/**
 * {@code lumen migrate}: a light-4j config folder to a Lumen one ({@link io.lumen.cli.migrate.Migration}),
 * with a report of every change and every feature not carried over
 * ({@link io.lumen.cli.migrate.MigrationReport}). Handler classes are mapped with lumen-handler's
 * {@code Light4jHandlers}, the table startup uses too.
 */
package io.lumen.cli.migrate;
