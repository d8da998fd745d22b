/**
 * A runnable service: {@link io.lumen.service.LumenService} assembles config, status catalogue,
 * handler.yml router and server; {@link io.lumen.service.Main} is the generic entry point of every
 * Lumen fat jar ({@code java -Dlight-4j-config-dir=<dir> -jar service.jar}). Configuration reloads:
 * {@link io.lumen.service.reload}.
 */
package io.lumen.service;
