package io.lumen.spring.it;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts the requests that reach Spring's servlet pipeline, by path (per context, no statics). */
@Component
public class SpringCalls extends OncePerRequestFilter {
    private final Map<String, AtomicInteger> byPath = new ConcurrentHashMap<>();

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        byPath.computeIfAbsent(request.getRequestURI(), k -> new AtomicInteger()).incrementAndGet();
        chain.doFilter(request, response);
    }

    public int count(String uri) {
        AtomicInteger n = byPath.get(uri);
        return n == null ? 0 : n.get();
    }
}
