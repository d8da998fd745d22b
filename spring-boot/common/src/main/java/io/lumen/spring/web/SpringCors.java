package io.lumen.spring.web;

import io.undertow.server.HttpServerExchange;
import io.undertow.server.ResponseCommitListener;
import io.undertow.servlet.handlers.ServletRequestContext;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import jakarta.servlet.ServletContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.CorsConfigurationSource;

import java.util.function.Supplier;

/**
 * The CORS headers Spring would have added, on Lumen's own answers: a browser request (with
 * {@code Origin}) that Lumen refuses before Spring sees it (400, 401, 404, 415, ...) gets the
 * {@code Access-Control-Allow-Origin} (and {@code -Credentials}, {@code -Expose-Headers}, {@code Vary})
 * that Spring's CORS configuration for that path gives ({@code @CrossOrigin}, {@code WebMvcConfigurer}
 * mappings, {@code CorsConfigurationSource} handler-mapping settings), asked of Spring MVC's
 * {@code HandlerMappingIntrospector}; so the browser shows the error instead of a CORS failure.
 * Answers Spring produced itself, and answers that already carry the header (Lumen's {@code cors}
 * middleware), are left alone. Costs one header lookup per request without {@code Origin}.
 */
public final class SpringCors {
    private static final Logger LOG = LoggerFactory.getLogger(SpringCors.class);
    private static final HttpString ALLOW_ORIGIN = new HttpString("Access-Control-Allow-Origin");
    private static final HttpString ALLOW_CREDENTIALS = new HttpString("Access-Control-Allow-Credentials");
    private static final HttpString EXPOSE_HEADERS = new HttpString("Access-Control-Expose-Headers");

    private final Supplier<CorsConfigurationSource> spring;
    private final Supplier<ServletContext> servletContext;
    private final String contextPath;
    private final ResponseCommitListener onCommit = this::beforeCommit;

    /**
     * @param spring      Spring MVC's handler-mapping introspector (bean {@code mvcHandlerMappingIntrospector}), or null
     * @param contextPath Spring's {@code server.servlet.context-path}
     */
    public SpringCors(Supplier<CorsConfigurationSource> spring, Supplier<ServletContext> servletContext,
                      String contextPath) {
        this.spring = spring;
        this.servletContext = servletContext;
        String p = contextPath == null ? "" : contextPath.trim();
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        this.contextPath = p;
    }

    /** Called first for every request; IO thread. */
    public void onRequest(HttpServerExchange exchange) {
        if (exchange.getRequestHeaders().contains(Headers.ORIGIN)) {
            exchange.addResponseCommitListener(onCommit);
        }
    }

    private void beforeCommit(HttpServerExchange exchange) {
        if (exchange.getStatusCode() < 400 || exchange.getResponseHeaders().contains(ALLOW_ORIGIN)
                || exchange.getAttachment(ServletRequestContext.ATTACHMENT_KEY) != null) {
            return; // a success, Lumen's cors middleware answered, or Spring answered (its own CORS ran)
        }
        addHeaders(exchange);
    }

    /**
     * Adds the CORS headers Spring's configuration gives this browser request's path (nothing without
     * {@code Origin} or for an origin Spring does not allow): for Lumen's refusals, including one held
     * until Spring Security passed the request ({@link HeldRefusalFilter}, where Spring MVC's own CORS
     * handling never runs).
     */
    public void addHeaders(HttpServerExchange exchange) {
        if (!exchange.getRequestHeaders().contains(Headers.ORIGIN)) {
            return;
        }
        CorsConfigurationSource source = spring.get();
        if (source == null) {
            return;
        }
        try {
            CorsConfiguration config = source.getCorsConfiguration(
                    RequestView.of(exchange, contextPath, servletContext.get()));
            String origin = exchange.getRequestHeaders().getFirst(Headers.ORIGIN);
            String allowed = config == null ? null : config.checkOrigin(origin);
            if (allowed == null) {
                return;
            }
            exchange.getResponseHeaders().put(ALLOW_ORIGIN, allowed);
            exchange.getResponseHeaders().add(Headers.VARY, "Origin");
            if (Boolean.TRUE.equals(config.getAllowCredentials())) {
                exchange.getResponseHeaders().put(ALLOW_CREDENTIALS, "true");
            }
            if (config.getExposedHeaders() != null && !config.getExposedHeaders().isEmpty()) {
                exchange.getResponseHeaders().put(EXPOSE_HEADERS, String.join(", ", config.getExposedHeaders()));
            }
        } catch (RuntimeException e) {
            LOG.debug("no CORS headers for Lumen's answer to {}: {}", exchange.getRequestURI(), e.toString());
        }
    }
}
