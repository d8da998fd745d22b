package io.lumen.spring.actuate;

import io.lumen.handler.router.Route;
import io.lumen.spring.embed.LumenEmbedding;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code /actuator/lumen}: every handler.yml route with its resolved chain (chain names expanded,
 * disabled middleware dropped) and where it is declared, who answers unmatched requests, the
 * config dirs and Lumen's lifecycle state. Expose it like any endpoint
 * ({@code management.endpoints.web.exposure.include=health,lumen}).
 */
@Endpoint(id = "lumen")
public class LumenEndpoint {
    private final LumenEmbedding lumen;

    public LumenEndpoint(LumenEmbedding lumen) {
        this.lumen = lumen;
    }

    @ReadOperation
    public Description describe() {
        List<RouteDescription> routes = new ArrayList<>();
        for (Route r : lumen.routes()) {
            routes.add(new RouteDescription(r.method().toString(), r.template().text(), r.chain(), r.origin()));
        }
        return new Description(lumen.state().name(), lumen.handlerFile().orElse(null),
                lumen.configDirs().stream().map(Object::toString).toList(), lumen.unmatched(), routes);
    }

    /**
     * @param state       Lumen's lifecycle state ({@code STARTING}, {@code READY}, {@code DRAINING}, {@code STOPPED})
     * @param handlerFile where handler.yml was found, or null
     * @param configDirs  the config directories searched before the classpath {@code config/}
     * @param unmatched   who answers requests no route matches: {@code spring}, {@code lumen} or {@code defaultHandlers}
     * @param routes      every route in declaration order
     */
    public record Description(String state, String handlerFile, List<String> configDirs, String unmatched,
                              List<RouteDescription> routes) {
    }

    /**
     * @param method the route's method
     * @param path   its template
     * @param chain  the resolved chain, in order; the last link answers ({@code spring}: Spring MVC)
     * @param origin where it is declared ({@code file:line})
     */
    public record RouteDescription(String method, String path, List<String> chain, String origin) {
    }
}
