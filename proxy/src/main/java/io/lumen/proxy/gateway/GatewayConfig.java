package io.lumen.proxy.gateway;

import io.lumen.proxy.config.ProxyConfig;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code gateway.yml}: the upstream services by id, and the routes to them. Both optional here:
 * light-gateway's {@code pathPrefixService.yml} and {@code direct-registry.yml} add routes and
 * services (see {@link Light4jRouting}); the handler refuses to start without any route.
 *
 * @param services service id -> its proxy settings: every key of proxy.yml ({@code hosts} required)
 * @param routes   the routes, in order: for one prefix the first whose matchers accept a request wins
 */
public record GatewayConfig(Map<String, ProxyConfig> services, List<RouteConfig> routes) {

    public GatewayConfig {
        services = services == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(services));
        routes = routes == null ? List.of() : List.copyOf(routes);
    }

    /**
     * One route. Exactly one of {@code stripPrefix}, {@code replacePrefix} and {@code rewrite} may
     * change the path sent upstream; without them it goes as it came.
     *
     * @param prefix        path prefix, matched segment-wise ({@code /api} takes {@code /api} and {@code /api/x}, not {@code /apix})
     * @param service       the service id (a key of {@code services}, or of direct-registry.yml)
     * @param host          only requests whose {@code Host} names this host (port ignored, case-insensitive)
     * @param methods       only these methods (any when empty)
     * @param headers       only requests carrying each of these headers with exactly this value
     * @param stripPrefix   send the path without the prefix ({@code /api/pets} -> {@code /pets})
     * @param replacePrefix send the path with the prefix replaced by this one
     * @param rewrite       {@code "regex replacement"} (light-4j's urlRewriteRules form): a path the regex
     *                      matches whole is replaced ({@code $1} for groups); others go unchanged
     */
    public record RouteConfig(String prefix, String service, String host, List<String> methods,
                              Map<String, String> headers, Boolean stripPrefix, String replacePrefix, String rewrite) {
        public RouteConfig {
            methods = methods == null ? List.of() : List.copyOf(methods);
            headers = headers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
            stripPrefix = stripPrefix != null && stripPrefix;
        }
    }
}
