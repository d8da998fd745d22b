package io.lumen.spring.embed;

import io.lumen.spring.web.HeldRefusal;
import io.lumen.status.ErrorResponder;
import io.lumen.status.RefusalHold;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Set;

/**
 * Security before validation in an application with Spring Security (light-4j's order: a caller without
 * credentials gets 401 and learns nothing about the request's shape). Lumen's chain runs in front of the
 * servlet container, so Spring Security's filters run after it; on a route that ends in {@code spring},
 * a refusal about the request's content (400, 404, 405, 406, 415, 422 of the validator and the
 * specification, body, content-type middleware) is therefore held: the request goes on to Spring, and
 * {@link io.lumen.spring.web.HeldRefusalFilter}, right after Spring Security's filter chain, answers it
 * once Spring Security let the request through. If Spring Security refuses (401, 403, a redirect to its
 * login), its answer goes out instead. Refusals of Lumen's own {@code security} (401, 403) and those that
 * protect the server (408, 413, 429, 503) are answered at once, as before. Off with
 * {@code lumen.spring-security-first=false}.
 */
final class SpringSecurityFirst implements RefusalHold {
    private static final Logger LOG = LoggerFactory.getLogger(SpringSecurityFirst.class);
    private static final Set<Integer> HELD = Set.of(400, 404, 405, 406, 415, 422);

    private final SpringHandoff handoff;

    SpringSecurityFirst(SpringHandoff handoff) {
        this.handoff = handoff;
    }

    @Override
    public boolean hold(HttpServerExchange exchange, int statusCode, ErrorResponder.ErrorBody body,
                        Map<HttpString, String> headers) {
        if (!HELD.contains(statusCode)) {
            return false;
        }
        exchange.putAttachment(HeldRefusal.KEY, new HeldRefusal(statusCode, body, headers));
        try {
            handoff.handleRequest(exchange);
            return true;
        } catch (Exception e) { // Spring could not take the request: answer Lumen's refusal now
            LOG.debug("Spring did not take the held refusal of {} ({}); answering it now", exchange.getRequestURI(), e.toString());
            exchange.removeAttachment(HeldRefusal.KEY);
            return false;
        }
    }
}
