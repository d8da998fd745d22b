/**
 * Loading OpenAPI 3.0/3.1 (and Swagger 2.0) documents: {@link io.lumen.openapi.SpecLoader} reads
 * {@code openapi.yaml} and the files its {@code $ref}s name, bundles them into one tree and builds
 * the immutable model ({@link io.lumen.openapi.OpenApiSpec},
 * {@link io.lumen.openapi.Operation}, {@link io.lumen.openapi.Parameter}). Problems
 * stop startup with {@code file:line: /json/pointer: problem}. Used at startup only.
 *
 * <p>Package-private steps: {@code RefBundler} (the files and their {@code $ref}s into one tree of
 * local pointers, every target checked), {@code OperationReader} (the operations of a bundle),
 * {@code YamlTree} (a referenced file with its line table), and the conversion of a Swagger 2.0 root
 * to OpenAPI 3.0 before bundling: {@code Swagger2Converter} (document, paths, components, security
 * schemes), {@code Swagger2Parameters}, {@code Swagger2Responses}, {@code Swagger2Schemas}, and
 * {@code PointerOrigins} (each converted node's pointer in the 2.0 file, so errors name its lines).
 */
package io.lumen.openapi;
