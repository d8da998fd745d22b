/**
 * The generated project: {@link io.lumen.codegen.project.GeneratorOptions} (what the user chose:
 * coordinates, package, database), {@link io.lumen.codegen.project.ProjectFiles} renders the files
 * (templates through jmustache), {@link io.lumen.codegen.project.Generation} holds them in memory,
 * {@link io.lumen.codegen.project.ProjectWriter} writes the generated layer whenever it changed, the
 * user-owned files only when missing, and checks or previews the same without writing.
 * Single-threaded.
 */
package io.lumen.codegen.project;
