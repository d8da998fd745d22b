/**
 * The database a generated service may get ({@code --datasource}, the Maven plugin's
 * {@code datasource*} parameters, or the spec's root extension {@code x-lumen-datasource}):
 * {@link io.lumen.codegen.datasource.DatasourceRequest} is what the command line or the plugin
 * asked, {@link io.lumen.codegen.datasource.DatasourceExtension} reads the spec's extension and
 * merges both into one {@link io.lumen.codegen.datasource.Datasource}: a named pool of
 * {@code lumen-datasource}, its JDBC driver and whether Flyway migrations run. Pure values; no I/O.
 */
package io.lumen.codegen.datasource;
