/**
 * The Maven plugin of the code generator: goal {@code generate}
 * ({@link io.lumen.codegen.maven.GenerateMojo}).
 */
package io.lumen.codegen.maven;
