/**
 * The config files Lumen binds to records ({@link io.lumen.cli.schema.ConfigRecords}) and their JSON
 * Schemas ({@link io.lumen.cli.schema.SchemaSet}), generated at build time from those records with
 * descriptions from their Javadoc, shipped in the jar under {@code lumen/schema/} and in docs/schemas.
 */
package io.lumen.cli.schema;
