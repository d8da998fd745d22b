package io.lumen.spring.web;

import io.lumen.spring.LumenRequest;
import io.undertow.server.HttpServerExchange;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;

import java.io.IOException;

/**
 * Publishes what Lumen's chain learned as request attributes ({@link LumenRequest#ATTRIBUTE} and
 * one attribute per datum, named by the constants of {@link LumenRequest}) for requests a
 * handler.yml route handed to Spring; requests that reached Spring without a route pass untouched.
 * Runs first among the servlet filters, on the servlet's thread.
 */
public final class LumenRequestFilter implements Filter {
    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request.getAttribute(LumenRequest.ATTRIBUTE) == null) {
            HttpServerExchange exchange = Exchanges.of(request);
            LumenRequest lumen = exchange == null ? null : LumenRequests.read(exchange);
            if (lumen != null) {
                publish(request, lumen);
            }
        }
        chain.doFilter(request, response);
    }

    private static void publish(ServletRequest request, LumenRequest lumen) {
        request.setAttribute(LumenRequest.ATTRIBUTE, lumen);
        request.setAttribute(LumenRequest.ROUTE, lumen.route());
        request.setAttribute(LumenRequest.ENDPOINT, lumen.endpoint());
        request.setAttribute(LumenRequest.PATH_PARAMS, lumen.pathParams());
        set(request, LumenRequest.CORRELATION_ID, lumen.correlationId());
        set(request, LumenRequest.TRACE_ID, lumen.traceId());
        set(request, LumenRequest.CLIENT_ID, lumen.clientId());
        set(request, LumenRequest.USER_ID, lumen.userId());
        set(request, LumenRequest.VALIDATED, lumen.validated());
        if (lumen.token() != null) {
            request.setAttribute(LumenRequest.CLAIMS, lumen.claims());
        }
    }

    private static void set(ServletRequest request, String name, Object value) {
        if (value != null) {
            request.setAttribute(name, value);
        }
    }
}
