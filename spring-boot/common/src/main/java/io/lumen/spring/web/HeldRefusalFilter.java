package io.lumen.spring.web;

import io.undertow.server.HttpServerExchange;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * The servlet filter right after Spring Security's ({@code spring.security.filter.order} + 1): a request
 * that reaches it has passed Spring Security, so the {@link HeldRefusal} of Lumen's chain, if any, is
 * answered here (status, headers, Lumen's error body), before any later filter or controller. Without a
 * held refusal it only passes the request on (one attachment lookup).
 */
public final class HeldRefusalFilter implements Filter {
    /** The filter's registration name. */
    public static final String NAME = "lumenHeldRefusalFilter";

    private final SpringCors cors;

    /** @param cors Spring's CORS headers for the refusal (Spring MVC's handler mapping would not run), or null */
    public HeldRefusalFilter(SpringCors cors) {
        this.cors = cors;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServerExchange exchange = Exchanges.of(request);
        HeldRefusal held = exchange == null ? null : exchange.removeAttachment(HeldRefusal.KEY);
        if (held == null || !(response instanceof HttpServletResponse http) || http.isCommitted()) {
            chain.doFilter(request, response);
            return;
        }
        http.setStatus(held.statusCode());
        http.setContentType(held.body().mediaType());
        held.headers().forEach((name, value) -> http.setHeader(name.toString(), value));
        if (cors != null) {
            cors.addHeaders(exchange);
        }
        http.setContentLength(held.body().bytes().length);
        http.getOutputStream().write(held.body().bytes());
        http.flushBuffer();
    }
}
