/**
 * What a generation run tells its user besides errors: {@link io.lumen.codegen.diagnostics.Diagnostics}
 * collects the warnings every step finds ({@code file:line: pointer: message}, each once),
 * {@link io.lumen.codegen.diagnostics.Warning} is one of them and sums them up by kind. A leaf: the
 * generator and each of its steps write here, and it knows none of them. Single-threaded.
 */
package io.lumen.codegen.diagnostics;
