/**
 * The {@code lumen} command line ({@link io.lumen.cli.LumenCli}, picocli): {@code generate} is the
 * code generator's command, {@code check}, {@code migrate} and {@code schema} live in the
 * sub-packages. Exit codes: 0 done, 1 problems found, 2 usage.
 */
package io.lumen.cli;
