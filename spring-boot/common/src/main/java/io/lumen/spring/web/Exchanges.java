package io.lumen.spring.web;

import io.undertow.server.HttpServerExchange;
import io.undertow.servlet.handlers.ServletRequestContext;
import io.undertow.servlet.spec.HttpServletRequestImpl;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestWrapper;

/** The Undertow exchange behind a servlet request, so Spring-side code reads Lumen's attachments. */
final class Exchanges {
    private Exchanges() {
    }

    /** The exchange of {@code request}, or {@code null} when it is not an Undertow request. */
    static HttpServerExchange of(ServletRequest request) {
        ServletRequest r = request;
        while (r instanceof ServletRequestWrapper w) {
            r = w.getRequest();
        }
        if (r instanceof HttpServletRequestImpl undertow) {
            return undertow.getExchange();
        }
        ServletRequestContext current = ServletRequestContext.current();
        return current == null ? null : current.getExchange();
    }
}
