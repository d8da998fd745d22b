/**
 * A runnable service: {@link io.lumen.service.LumenService} serves an assembly (config, status
 * catalogue, handler.yml router: {@code io.lumen.service.assembly}) on its server;
 * {@link io.lumen.service.Main} is the generic entry point of every Lumen fat jar
 * ({@code java -Dlight-4j-config-dir=<dir> -jar service.jar}). Configuration reloads:
 * {@code io.lumen.service.reload}. The arrows: this package -> reload -> assembly.
 */
package io.lumen.service;
