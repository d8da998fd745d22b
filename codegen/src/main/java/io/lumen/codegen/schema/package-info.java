/**
 * From JSON Schema to Java types: {@link io.lumen.codegen.schema.TypeMapper} maps every schema of
 * the bundled spec to a JavaPoet type and collects the declarations to generate (records, enums,
 * sealed interfaces) as {@link io.lumen.codegen.schema.Model}s; enums ({@code EnumTypes}) and
 * discriminated unions ({@code UnionTypes}, with {@code DiscriminatorValues}) are mapped beside it.
 * Single-threaded, one per generation.
 */
package io.lumen.codegen.schema;
