package io.lumen.spring.web;

import io.lumen.handler.HandlerAttachments;
import io.lumen.handler.router.PathParams;
import io.lumen.security.SecurityAttachments;
import io.lumen.spring.LumenRequest;
import io.lumen.spring.embed.RouteMark;
import io.lumen.validator.OpenApiAttachments;
import io.undertow.server.HttpServerExchange;
import jakarta.servlet.ServletRequest;

import java.util.Map;

/** Builds the {@link LumenRequest} of a servlet request from the exchange's attachments, once per request. */
public final class LumenRequests {
    private LumenRequests() {
    }

    /**
     * The Lumen data of {@code request}: the one the filter stored, else read now from the
     * exchange; {@link LumenRequest#NONE} when no Lumen route handled it.
     */
    public static LumenRequest of(ServletRequest request) {
        Object stored = request.getAttribute(LumenRequest.ATTRIBUTE);
        if (stored instanceof LumenRequest lr) {
            return lr;
        }
        HttpServerExchange exchange = Exchanges.of(request);
        LumenRequest built = exchange == null ? null : read(exchange);
        return built == null ? LumenRequest.NONE : built;
    }

    /** {@code null} when no Lumen route handled the exchange. */
    static LumenRequest read(HttpServerExchange exchange) {
        RouteMark mark = exchange.getAttachment(RouteMark.KEY);
        if (mark == null) {
            return null;
        }
        String endpoint = exchange.getAttachment(HandlerAttachments.ENDPOINT);
        PathParams params = exchange.getAttachment(HandlerAttachments.PATH_PARAMS);
        return new LumenRequest(mark.route(), endpoint != null ? endpoint : mark.route().endpoint(),
                exchange.getAttachment(HandlerAttachments.CORRELATION_ID),
                exchange.getAttachment(HandlerAttachments.TRACE_ID),
                exchange.getAttachment(SecurityAttachments.TOKEN),
                exchange.getAttachment(HandlerAttachments.CLIENT_ID),
                exchange.getAttachment(HandlerAttachments.USER_ID),
                params == null ? Map.of() : params.asMap(),
                exchange.getAttachment(OpenApiAttachments.VALIDATED));
    }
}
