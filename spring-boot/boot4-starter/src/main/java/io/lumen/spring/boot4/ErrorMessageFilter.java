package io.lumen.spring.boot4;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;

import java.io.IOException;

/**
 * On the error dispatch of an exception (Boot's {@code /error}): the error message is the exception's
 * own, as Tomcat sets it, not the message of the {@code ServletException} that wraps it ("Request
 * processing failed: java.lang.RuntimeException: ..."), which is what Undertow's servlet container
 * sets. So {@code message} in Boot's error JSON stays what applications and their tests expect after
 * moving from Tomcat (found with spring-petclinic's CrashControllerIntegrationTests).
 */
final class ErrorMessageFilter implements Filter {
    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request.getAttribute(RequestDispatcher.ERROR_EXCEPTION) instanceof Throwable cause) {
            request.setAttribute(RequestDispatcher.ERROR_MESSAGE, cause.getMessage());
        }
        chain.doFilter(request, response);
    }
}
