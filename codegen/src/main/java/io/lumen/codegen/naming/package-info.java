/**
 * Java names from OpenAPI names: {@link io.lumen.codegen.naming.Names} turns operation ids, schema,
 * property, parameter and enum values into identifiers (hyphens, reserved words, leading digits,
 * symbols), and {@link io.lumen.codegen.naming.NameTable} refuses two sources that end up with the
 * same name, also when they differ only in case (file systems that ignore case would merge their
 * files). Pure functions; no state beyond a table per generation.
 */
package io.lumen.codegen.naming;
