package io.lumen.spring.embed;

import io.lumen.config.ConfigException;
import io.lumen.handler.router.Route;
import io.lumen.handler.router.Router;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.Operation;
import io.lumen.openapi.SpecLoader;
import io.lumen.server.ServiceContext;

import java.util.List;

/**
 * Startup check: when handler.yml routes run the {@code specification} or {@code validator}
 * middleware, at least one operation of the spec must be reachable through a route (a request to the
 * operation's path with its method matches one). None reachable means every request would be 404
 * {@code ERR10007}, which is almost always a base path that does not match what the router sees (a
 * server URL with or without the context path): a startup error naming the base path, the context
 * path and the way out. Operations no route reaches are normal (Spring answers them). Startup only.
 */
final class SpecReach {
    private static final List<String> SPEC_MIDDLEWARE = List.of("specification", "validator");

    private SpecReach() {
    }

    /** @return the spec the routes use, or {@code null} when no route runs specification or validator */
    static OpenApiSpec check(Router router, ServiceContext context, String contextPath) {
        List<Route> checked = router.routes().stream()
                .filter(r -> r.chain().stream().anyMatch(SPEC_MIDDLEWARE::contains)).toList();
        if (checked.isEmpty()) {
            return null;
        }
        OpenApiSpec spec = SpecLoader.shared(context);
        if (spec.operations().isEmpty()) {
            return spec;
        }
        for (Operation op : spec.operations()) {
            if (router.allowed(samplePath(op.template())).contains(op.method())) {
                return spec;
            }
        }
        throw new ConfigException(spec.sourceName(), 0, null, "none of the spec's " + spec.operations().size()
                + " operations is reachable through a handler.yml route with specification or validator (e.g. "
                + checked.get(0).template().text() + " at " + checked.get(0).origin() + "): the spec's base path is '"
                + spec.basePath() + "' (its first operation: " + spec.operations().get(0).template() + ") and the context path '"
                + contextPath + "'; request paths are matched below the context path. Make servers[0].url match, "
                + "or set " + SpecLoader.BASE_PATH_KEY + " (e.g. in application.yml) to where the spec's paths begin "
                + "below the context path");
    }

    /** A request path that the template matches: every parameter replaced by a plain value. */
    private static String samplePath(String template) {
        return template.replaceAll("\\{[^}/]*}", "1");
    }
}
