/**
 * The command line ({@code java -jar lumen-codegen.jar generate -i spec -o dir}), with picocli:
 * options, exit codes ({@code 0} done, {@code 1} stale on {@code --check}, {@code 2} usage,
 * {@code 3} a spec or name error printed as {@code file:line: problem}) and the report.
 */
package io.lumen.codegen.cli;
