/**
 * Lumen's code generator: an OpenAPI 3.0/3.1 spec, read by {@code lumen-openapi} exactly as a
 * service reads it, becomes a complete service project. {@link io.lumen.codegen.Generator} builds
 * the generated layer (records, per-operation API interfaces, adapter handlers, the route table)
 * and the user-owned files (implementations, tests, pom, config, README, Dockerfile) in memory;
 * {@link io.lumen.codegen.project.ProjectWriter} writes the first kind every time and the second
 * only when missing. Single-threaded; every output is a pure function of the spec and the options.
 */
package io.lumen.codegen;
