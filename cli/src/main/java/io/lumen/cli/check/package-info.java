/**
 * {@code lumen check}: a config folder checked by startup's own one-pass check
 * ({@code io.lumen.service.assembly.ConfigCheck}) without a server ({@link io.lumen.cli.check.FolderCheck}),
 * with the warnings that check logs.
 */
package io.lumen.cli.check;
