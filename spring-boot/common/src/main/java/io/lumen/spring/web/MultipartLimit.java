package io.lumen.spring.web;

import io.undertow.server.HttpServerExchange;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.api.ServletInfo;
import io.undertow.servlet.core.ManagedServlet;
import io.undertow.servlet.handlers.ServletHandler;
import io.undertow.servlet.spec.ServletContextImpl;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Spring's multipart limit ({@code spring.servlet.multipart.max-request-size}) applied when Spring reads
 * the upload, as on Tomcat: an upload over it fails inside Spring's multipart parsing, as a
 * {@code MaxUploadSizeExceededException} for the application's {@code @ExceptionHandler}, Problem
 * Details or Spring's own 413. Undertow 2.3's servlet container refused a multipart request whose
 * {@code Content-Length} exceeds the limit on the IO thread, before any servlet code ran, so the
 * application never saw it.
 *
 * <p>As a servlet container initializer added after Spring's, it takes the request limit off the
 * multipart configuration of Undertow's servlets (the file limit and the rest stay Undertow's); as the
 * first filter, it sets that limit as the exchange's body limit of a multipart request to the servlet
 * before anything reads the body (Lumen's root guard then counts it; see {@code RequestBodies}). One per
 * application context.
 *
 * <p>Where the application has no handler for the failure, Spring answers {@code sendError(413)} and the
 * error dispatch would resolve the same upload again and fail again (a connection reset on Undertow). On
 * that dispatch the filter hides the multipart content type, so Boot's error page renders the 413.
 */
public final class MultipartLimit implements ServletContainerInitializer, Filter {
    /** The filter's name; a deployment without it (Actuator's own port) keeps Undertow's limits. */
    public static final String FILTER_NAME = "lumenMultipartLimitFilter";

    private final Map<String, Long> limits = new ConcurrentHashMap<>();

    /** Adds the initializer to a deployment; after Spring's, which registers the servlets. */
    public void addTo(DeploymentInfo deployment) {
        ContainerInitializers.addOnce(deployment, MultipartLimit.class, this);
    }

    @Override
    public void onStartup(Set<Class<?>> types, ServletContext context) {
        if (!(context instanceof ServletContextImpl undertow) || context.getFilterRegistration(FILTER_NAME) == null) {
            return; // without the filter half nothing would apply the limit again
        }
        for (ServletHandler handler : undertow.getDeployment().getServlets().getServletHandlers().values()) {
            ManagedServlet servlet = handler.getManagedServlet();
            ServletInfo info = servlet.getServletInfo();
            MultipartConfigElement config = info.getMultipartConfig();
            if (config != null && config.getMaxRequestSize() > 0) {
                limits.put(info.getName(), config.getMaxRequestSize());
                info.setMultipartConfig(new MultipartConfigElement(config.getLocation(), config.getMaxFileSize(), -1,
                        config.getFileSizeThreshold()));
                servlet.setupMultipart(undertow);
            }
        }
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request.getDispatcherType() == DispatcherType.ERROR) {
            chain.doFilter(refusedUpload(request) ? new NotMultipart((HttpServletRequest) request) : request, response);
            return;
        }
        if (!limits.isEmpty() && request instanceof HttpServletRequest http && isMultipart(http)) {
            Long limit = limits.get(http.getHttpServletMapping().getServletName());
            HttpServerExchange exchange = Exchanges.of(request);
            // a chain that read the body already (validator) read it under Lumen's limit
            if (limit != null && exchange != null && exchange.isRequestChannelAvailable()) {
                exchange.setMaxEntitySize(limit);
            }
        }
        chain.doFilter(request, response);
    }

    private static boolean refusedUpload(ServletRequest request) {
        return request instanceof HttpServletRequest http && isMultipart(http)
                && Integer.valueOf(413).equals(request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE));
    }

    private static boolean isMultipart(HttpServletRequest request) {
        String type = request.getContentType();
        return type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/");
    }

    /** The error dispatch of a refused upload, seen without its multipart content type. */
    private static final class NotMultipart extends HttpServletRequestWrapper {
        NotMultipart(HttpServletRequest request) {
            super(request);
        }

        @Override
        public String getContentType() {
            return null;
        }

        @Override
        public String getHeader(String name) {
            return "Content-Type".equalsIgnoreCase(name) ? null : super.getHeader(name);
        }
    }
}
