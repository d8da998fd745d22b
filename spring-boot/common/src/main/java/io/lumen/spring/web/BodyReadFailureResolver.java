package io.lumen.spring.web;

import io.lumen.status.ErrorCodes;
import io.lumen.server.BodyTooLargeException;
import io.lumen.server.RequestBodyTimeoutException;
import io.lumen.server.ServiceContext;
import io.lumen.spring.embed.LumenEmbedding;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.undertow.server.RequestTooBigException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.servlet.ModelAndView;

import java.io.IOException;
import java.util.Map;

/**
 * A request body that Spring MVC could not read because of the server's body rules is Lumen's answer,
 * as on a Lumen route: over the limit 413 {@code ERR10068}, stopped arriving 408 {@code ERR19004}
 * (connection closed), instead of Spring's 400 for an unreadable message. The limit is Lumen's
 * {@code maxTransferFileSize} on the Boot 4 starter's server, Spring's
 * {@code server.undertow.max-http-post-size} for a chunked body on Boot 3.5. Other failures are left
 * to Spring's resolvers. First among Spring's exception resolvers.
 *
 * <p>An upload over the limit is the application's to answer, as on Tomcat: Spring's multipart
 * parsing turns it into a {@link MultipartException} ({@code MaxUploadSizeExceededException}: the limit
 * is {@code spring.servlet.multipart.max-request-size}, set as the exchange's by {@link MultipartLimit}),
 * for the application's {@code @ExceptionHandler}, Problem Details or Spring's own 413.
 */
public final class BodyReadFailureResolver implements HandlerExceptionResolver, Ordered {
    private final LumenEmbedding lumen;

    public BodyReadFailureResolver(LumenEmbedding lumen) {
        this.lumen = lumen;
    }

    @Override
    public ModelAndView resolveException(HttpServletRequest request, HttpServletResponse response, Object handler,
                                         Exception failure) {
        ServiceContext context = lumen.context();
        if (context == null || response.isCommitted()) {
            return null;
        }
        boolean upload = failure instanceof MultipartException;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof RequestBodyTimeoutException timeout) {
                response.setHeader("Connection", "close");
                return answer(response, context.errors(), ErrorCodes.REQUEST_BODY_TIMEOUT, timeout.idleMillis());
            }
            if (t instanceof RequestTooBigException && !upload) {
                long limit = t instanceof BodyTooLargeException b ? b.limit() : request.getContentLengthLong();
                return answer(response, context.errors(), ErrorCodes.PAYLOAD_TOO_LARGE, limit);
            }
        }
        return null;
    }

    private static ModelAndView answer(HttpServletResponse response, ErrorResponder errors, String code, long arg) {
        Status status = errors.catalogue().get(code);
        byte[] json = errors.toJson(status, status.describe(arg), Map.of());
        try {
            response.reset();
            response.setStatus(status.statusCode());
            response.setContentType("application/json");
            response.setContentLength(json.length);
            response.getOutputStream().write(json);
        } catch (IOException e) {
            return null; // the client went away: nothing left to answer
        }
        return new ModelAndView(); // resolved: an empty view renders nothing more
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
