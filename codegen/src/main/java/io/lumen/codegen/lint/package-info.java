/** Checks of a spec's own shape that generation warns about: constructs other tools refuse or that make requests fail. */
package io.lumen.codegen.lint;
