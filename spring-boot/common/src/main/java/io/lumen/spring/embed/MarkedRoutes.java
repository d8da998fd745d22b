package io.lumen.spring.embed;

import io.lumen.handler.config.HandlerConfig;
import io.lumen.handler.router.Route;
import io.lumen.handler.router.Router;
import io.lumen.handler.router.RouterHandler;
import io.lumen.spring.LumenRoute;
import io.lumen.status.RefusalHold;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Rebuilds handler.yml's router for Spring: the chain of every route that ends in the {@code spring}
 * terminal is preceded by a {@link RouteMark} attachment (for controllers and the observation
 * predicate; routes Lumen answers alone stay as they are, nothing per request added), and requests
 * no route matches go to Spring when {@code lumen.unmatched=spring} and handler.yml declares no
 * {@code defaultHandlers} of its own. Startup only.
 */
final class MarkedRoutes {
    private MarkedRoutes() {
    }

    /**
     * @param unmatched where unmatched requests go (the {@code spring} terminal), or {@code null}
     *                  for Lumen's 404/405 error JSON
     * @param hold      attached to the exchanges of routes that end in Spring ({@link SpringSecurityFirst}), or null
     */
    static RouterHandler mark(RouterHandler built, HandlerConfig config, SpringHandlerFactory factory,
                              HttpHandler unmatched, RefusalHold hold) {
        Router.Builder routes = Router.builder();
        for (Route r : built.router().routes()) {
            HttpHandler handler = r.handler();
            if (factory.handsOver(r.chain())) {
                LumenRoute route = new LumenRoute(r.method().toString(), r.template().text(), r.chain(), r.origin());
                handler = new Marked(new RouteMark(route, factory.counts(r.chain())), hold, handler);
            }
            routes.add(new Route(r.method(), r.template(), handler, r.origin(), r.chain()));
        }
        HttpHandler fallback;
        if (built.fallback() != null) {
            List<String> chain = expand(config == null ? List.of() : config.defaultHandlers(), config);
            fallback = !factory.handsOver(chain) ? built.fallback()
                    : new Marked(new RouteMark(new LumenRoute("*", "*", chain, "defaultHandlers"), factory.counts(chain)),
                            hold, built.fallback());
        } else {
            fallback = unmatched;
        }
        return new RouterHandler(routes.build(), fallback, built.errors());
    }

    /** defaultHandlers with chain names replaced by their handlers (disabled middleware not dropped). */
    private static List<String> expand(List<String> names, HandlerConfig config) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            List<String> chain = chain(config.chains(), n);
            if (chain == null) {
                chain = chain(config.additionalChains(), n);
            }
            out.addAll(chain != null ? chain : List.of(n));
        }
        return out;
    }

    private static List<String> chain(Map<String, List<String>> chains, String name) {
        return chains.get(name);
    }

    /** Attaches the mark (and the hold), then runs the route's chain. IO thread, no allocation. */
    private static final class Marked implements HttpHandler {
        private final RouteMark mark;
        private final RefusalHold hold;
        private final HttpHandler chain;

        Marked(RouteMark mark, RefusalHold hold, HttpHandler chain) {
            this.mark = mark;
            this.hold = hold;
            this.chain = chain;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            exchange.putAttachment(RouteMark.KEY, mark);
            if (hold != null) {
                exchange.putAttachment(RefusalHold.KEY, hold);
            }
            chain.handleRequest(exchange);
        }

        @Override
        public String toString() {
            return chain.toString();
        }
    }
}
