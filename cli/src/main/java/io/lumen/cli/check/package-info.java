/**
 * {@code lumen check}: a config folder checked through startup's own loading path without a server
 * ({@link io.lumen.cli.check.ConfigCheck}), each problem collected instead of stopping at the first.
 */
package io.lumen.cli.check;
