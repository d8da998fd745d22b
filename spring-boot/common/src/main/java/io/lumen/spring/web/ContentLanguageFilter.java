package io.lumen.spring.web;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.core.Ordered;

import java.io.IOException;
import java.util.EnumSet;
import java.util.Locale;

/**
 * {@code Content-Language} as a language tag ({@code de}, {@code zh-Hant-TW}), as Tomcat writes it.
 * Undertow's servlet response writes language, a dash and country, so a locale without a country
 * became {@code de-} (not a valid tag; browsers and caches that read it get nothing) and scripts were
 * lost; every page a template engine rendered (Thymeleaf sets the response locale) carried it. Found
 * with spring-guides/gs-securing-web and gs-uploading-files. Registered first among the filters, so
 * the wrappers of the application's own filters delegate to it.
 */
public final class ContentLanguageFilter implements Filter {
    static final String CONTENT_LANGUAGE = "Content-Language";

    /** The filter on every dispatch, first among the application's filters. */
    public static FilterRegistrationBean<ContentLanguageFilter> registration() {
        FilterRegistrationBean<ContentLanguageFilter> registration = new FilterRegistrationBean<>(new ContentLanguageFilter());
        registration.setDispatcherTypes(EnumSet.allOf(DispatcherType.class));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.setName("lumenContentLanguageFilter");
        return registration;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        chain.doFilter(request, response instanceof HttpServletResponse http ? new TaggedLocale(http) : response);
    }

    private static final class TaggedLocale extends HttpServletResponseWrapper {
        TaggedLocale(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void setLocale(Locale locale) {
            super.setLocale(locale);
            // only where the container wrote the header itself (not after commit, not in an include)
            if (locale != null && !isCommitted() && getHeader(CONTENT_LANGUAGE) != null) {
                setHeader(CONTENT_LANGUAGE, locale.toLanguageTag());
            }
        }
    }
}
