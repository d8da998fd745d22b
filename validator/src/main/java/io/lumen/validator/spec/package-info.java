/**
 * Loading OpenAPI 3.0/3.1 documents: {@link io.lumen.validator.spec.SpecLoader} reads
 * {@code openapi.yaml} and the files its {@code $ref}s name, bundles them into one tree and builds
 * the immutable model ({@link io.lumen.validator.spec.OpenApiSpec},
 * {@link io.lumen.validator.spec.Operation}, {@link io.lumen.validator.spec.Parameter}). Problems
 * stop startup with {@code file:line: /json/pointer: problem}. Used at startup only.
 */
package io.lumen.validator.spec;
