/**
 * One generation of a service, built from its config: {@link io.lumen.service.assembly.ServiceAssembly}
 * (server.yml, the status catalogue, startup hooks, handler.yml's chains and router, the shared
 * objects, the last-resort error guard), and {@link io.lumen.service.assembly.ConfigCheck}, startup's
 * one-pass check of every config file. Below both {@code io.lumen.service} (which serves an assembly)
 * and {@code io.lumen.service.reload} (which replaces it), and depends on neither; the Spring Boot
 * starter uses it inside an application context.
 */
package io.lumen.service.assembly;
