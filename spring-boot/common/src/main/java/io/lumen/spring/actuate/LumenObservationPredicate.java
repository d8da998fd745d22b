package io.lumen.spring.actuate;

import io.lumen.spring.embed.RouteMark;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationPredicate;
import io.undertow.server.HttpServerExchange;
import io.undertow.servlet.handlers.ServletRequestContext;
import org.springframework.http.server.observation.ServerRequestObservationContext;

/**
 * Counts a request once: Spring's server request observation ({@code http.server.requests}) is
 * skipped for requests whose handler.yml chain already ran Lumen's {@code metrics} middleware
 * ({@code lumen.requests}); every other request Spring handles is observed as usual. Evaluated on
 * the servlet's thread when the observation filter starts.
 */
public final class LumenObservationPredicate implements ObservationPredicate {
    @Override
    public boolean test(String name, Observation.Context context) {
        if (!(context instanceof ServerRequestObservationContext)) {
            return true;
        }
        ServletRequestContext current = ServletRequestContext.current();
        HttpServerExchange exchange = current == null ? null : current.getExchange();
        RouteMark mark = exchange == null ? null : exchange.getAttachment(RouteMark.KEY);
        return mark == null || !mark.metered();
    }
}
