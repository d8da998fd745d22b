package io.lumen.spring.web;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletMapping;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.MappingMatch;

import java.lang.reflect.Proxy;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A read-only {@link HttpServletRequest} view of an Undertow exchange that has not reached the servlet
 * container (Lumen answered it on the IO thread), enough for Spring MVC's handler lookup: URI, context
 * path, method, headers, query parameters, attributes. Everything else answers {@code null}, false, 0 or
 * empty. Only for asking Spring what it would do with the request (its CORS configuration), never for
 * serving it.
 */
final class RequestView {
    private static final HttpServletMapping DISPATCHER = new HttpServletMapping() {
        @Override
        public String getMatchValue() {
            return "";
        }

        @Override
        public String getPattern() {
            return "/";
        }

        @Override
        public String getServletName() {
            return "dispatcherServlet";
        }

        @Override
        public MappingMatch getMappingMatch() {
            return MappingMatch.DEFAULT;
        }
    };

    private RequestView() {
    }

    static HttpServletRequest of(HttpServerExchange exchange, String contextPath, ServletContext servletContext) {
        Map<String, Object> attributes = new HashMap<>();
        return (HttpServletRequest) Proxy.newProxyInstance(RequestView.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getRequestURI" -> exchange.getRequestURI();
                    case "getContextPath" -> contextPath;
                    case "getServletPath" -> "";
                    case "getPathInfo" -> exchange.getRequestURI().substring(Math.min(contextPath.length(),
                            exchange.getRequestURI().length()));
                    case "getHttpServletMapping" -> DISPATCHER;
                    case "getMethod" -> exchange.getRequestMethod().toString();
                    case "getQueryString" -> exchange.getQueryString().isEmpty() ? null : exchange.getQueryString();
                    case "getScheme" -> exchange.getRequestScheme();
                    case "getServerName" -> exchange.getHostName();
                    case "getServerPort" -> exchange.getHostPort();
                    case "isSecure" -> "https".equals(exchange.getRequestScheme());
                    case "getContentType" -> exchange.getRequestHeaders().getFirst("Content-Type");
                    case "getHeader" -> exchange.getRequestHeaders().getFirst((String) args[0]);
                    case "getHeaders" -> header(exchange, (String) args[0]);
                    case "getHeaderNames" -> Collections.enumeration(exchange.getRequestHeaders().getHeaderNames().stream()
                            .map(Object::toString).toList());
                    case "getParameter" -> first(exchange.getQueryParameters().get((String) args[0]));
                    case "getParameterValues" -> values(exchange.getQueryParameters().get((String) args[0]));
                    case "getParameterMap" -> parameters(exchange);
                    case "getParameterNames" -> Collections.enumeration(exchange.getQueryParameters().keySet());
                    case "getAttribute" -> attributes.get((String) args[0]);
                    case "setAttribute" -> attributes.put((String) args[0], args[1]);
                    case "removeAttribute" -> attributes.remove((String) args[0]);
                    case "getAttributeNames" -> Collections.enumeration(attributes.keySet());
                    case "getDispatcherType" -> DispatcherType.REQUEST;
                    case "getServletContext" -> servletContext;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    case "toString" -> "RequestView[" + exchange.getRequestMethod() + " " + exchange.getRequestURI() + "]";
                    default -> empty(method.getReturnType());
                });
    }

    private static Enumeration<String> header(HttpServerExchange exchange, String name) {
        HeaderValues values = exchange.getRequestHeaders().get(name);
        return values == null ? Collections.emptyEnumeration() : Collections.enumeration(values);
    }

    private static String first(Deque<String> values) {
        return values == null || values.isEmpty() ? null : values.getFirst();
    }

    private static String[] values(Deque<String> values) {
        return values == null ? null : values.toArray(String[]::new);
    }

    private static Map<String, String[]> parameters(HttpServerExchange exchange) {
        Map<String, String[]> out = new LinkedHashMap<>();
        exchange.getQueryParameters().forEach((k, v) -> out.put(k, v.toArray(String[]::new)));
        return out;
    }

    private static Object empty(Class<?> type) {
        if (type == boolean.class) {
            return false;
        }
        if (type == int.class || type == long.class) {
            return type == int.class ? (Object) 0 : (Object) 0L;
        }
        if (type == Enumeration.class) {
            return Collections.emptyEnumeration();
        }
        if (Collection.class.isAssignableFrom(type)) {
            return List.of();
        }
        if (type == Map.class) {
            return Map.of();
        }
        return null;
    }
}
