/**
 * From JSON Schema to Java types: {@link io.lumen.codegen.schema.TypeMapper} maps every schema of
 * the bundled spec to a JavaPoet type and collects the declarations to generate (records, enums,
 * sealed interfaces) as {@link io.lumen.codegen.schema.Model}s. Single-threaded, one per generation.
 */
package io.lumen.codegen.schema;
