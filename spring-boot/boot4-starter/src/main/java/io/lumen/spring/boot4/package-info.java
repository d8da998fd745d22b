/**
 * The Spring Boot 4 glue: Boot 4 has no Undertow server of its own, so Lumen owns the server.
 * {@link io.lumen.spring.boot4.LumenServletWebServerFactory} is the application's
 * {@code ServletWebServerFactory}: it deploys Spring's servlet context (DispatcherServlet, filters) on
 * undertow-ee with Lumen's router as the deployment's outermost handler, and
 * {@link io.lumen.spring.boot4.LumenWebServer} serves it with core's {@code LumenServer} (listeners,
 * TLS, HTTP/2, limits, the drain, the protocol guards), configured by
 * {@link io.lumen.spring.boot4.ServerSettings} from Spring's {@code server.*} and Lumen's server.yml.
 * Everything else is shared with the Boot 3.5 starter (lumen-spring-boot-common).
 */
package io.lumen.spring.boot4;
