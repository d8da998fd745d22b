package io.lumen.proxy.gateway;

import io.lumen.handler.prefix.UnsafePaths;
import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigProblems;
import io.lumen.proxy.config.ProxyConfig;
import io.undertow.util.HttpString;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Checks the routes of gateway.yml and of light-gateway's files and turns them into a plan: the
 * services the routes use, and each route's normalised prefix, matchers and rewrite. Refuses, with
 * every problem at its file:line in one pass: a route without a valid prefix or with an unknown
 * service, two path changes on one route, a bad rewrite, a prefix given twice with the same
 * matchers, a route an earlier one of the same prefix leaves no request to, a service without
 * hosts, no route at all.
 */
final class RoutePlanner {
    /** A checked route, before its service runs. {@code prefix} is normalised: no trailing /, {@code /} is empty. */
    record Planned(String prefix, String service, String host, Set<String> methods, Map<String, String> headers,
                   PathRewrite rewrite, String where) {
        HttpString[] methodNames() {
            return methods.stream().map(HttpString::new).toArray(HttpString[]::new);
        }

        HttpString[] headerNames() {
            return headers.keySet().stream().map(HttpString::new).toArray(HttpString[]::new);
        }

        String[] headerValues() {
            return headers.values().toArray(String[]::new);
        }

        /** Whether every request this route accepts is also accepted by {@code other}'s matchers. */
        boolean coveredBy(Planned other) {
            return (other.host == null || other.host.equals(host))
                    && (other.methods.isEmpty() || !methods.isEmpty() && other.methods.containsAll(methods))
                    && headers.entrySet().containsAll(other.headers.entrySet());
        }

        boolean sameMatchers(Planned other) {
            return Objects.equals(host, other.host) && methods.equals(other.methods) && headers.equals(other.headers);
        }
    }

    /** The services in use (by id, in order of first use) and the routes. */
    record Plan(Map<String, ProxyConfig> services, List<Planned> routes) {
    }

    private final ConfigProblems problems = new ConfigProblems();
    private final Map<String, ProxyConfig> known = new LinkedHashMap<>();
    private final Map<String, ProxyConfig> used = new LinkedHashMap<>();
    private final List<Planned> routes = new ArrayList<>();

    private RoutePlanner() {
    }

    /** @throws ConfigException with every problem found */
    static Plan plan(ConfigFile gatewayFile, GatewayConfig gateway, Light4jRouting light4j) {
        RoutePlanner planner = new RoutePlanner();
        planner.services(gatewayFile, gateway, light4j);
        planner.routes(gatewayFile, gateway, light4j);
        planner.problems.throwIfAny();
        return new Plan(Map.copyOf(planner.used), List.copyOf(planner.routes));
    }

    private void services(ConfigFile file, GatewayConfig gateway, Light4jRouting light4j) {
        known.putAll(gateway.services());
        Light4jRouting.RouterConfig r = light4j.settings();
        for (Map.Entry<String, Object> e : light4j.directUrls().entrySet()) {
            String pointer = "/directUrls/" + escape(e.getKey());
            if (known.containsKey(e.getKey())) {
                problems.add(light4j.registry().error(pointer, "service '" + e.getKey() + "' is also defined in "
                        + file.where("/services/" + escape(e.getKey())) + ": define it once"));
                continue;
            }
            List<String> hosts = hosts(e.getValue());
            if (hosts.isEmpty()) {
                problems.add(light4j.registry().error(pointer, "service '" + e.getKey() + "' has no hosts"));
                continue;
            }
            try {
                known.put(e.getKey(), new ProxyConfig(true, hosts, r.http2Enabled(), r.connectionsPerThread(), r.maxRequestTime(),
                        r.rewriteHostHeader(), r.reuseXForwarded(), r.maxConnectionRetries(), null, null, null,
                        r.pathPrefixMaxRequestTime(), null, null, null, null, null, null, null, light4j.clientTls(), null, null,
                        null));
            } catch (IllegalArgumentException ex) {
                problems.add(light4j.registry().error(pointer, ex.getMessage()));
            }
        }
    }

    private void routes(ConfigFile file, GatewayConfig gateway, Light4jRouting light4j) {
        for (int i = 0; i < gateway.routes().size(); i++) {
            route(file, "/routes/" + i, gateway.routes().get(i));
        }
        List<PathRewrite.Rule> rules = new ArrayList<>();
        List<String> lines = light4j.settings().urlRewriteRules();
        for (int i = 0; i < lines.size(); i++) {
            try {
                rules.add(PathRewrite.Rule.parse(lines.get(i)));
            } catch (IllegalArgumentException e) {
                problems.add(light4j.router().error("/urlRewriteRules/" + i, e.getMessage()));
            }
        }
        PathRewrite rewrite = PathRewrite.rules(rules);
        for (Map.Entry<String, String> e : light4j.mapping().entrySet()) {
            String pointer = "/mapping/" + escape(e.getKey());
            add(light4j.prefixes(), pointer, e.getKey(), e.getValue(), null, Set.of(), Map.of(), rewrite);
        }
        if (routes.isEmpty() && problems.isEmpty()) {
            problems.add(file.error("/routes", "the gateway has no routes: list them under routes (or in "
                    + "pathPrefixService.yml's mapping), e.g. {prefix: /api, service: api}"));
        }
    }

    private void route(ConfigFile file, String pointer, GatewayConfig.RouteConfig route) {
        int changes = (route.stripPrefix() ? 1 : 0) + (route.replacePrefix() != null ? 1 : 0) + (route.rewrite() != null ? 1 : 0);
        if (changes > 1) {
            problems.add(file.error(pointer, "stripPrefix, replacePrefix and rewrite each change the path: give one"));
            return;
        }
        PathRewrite rewrite = PathRewrite.NONE;
        if (route.prefix() != null && route.prefix().startsWith("/")) {
            try {
                rewrite = rewrite(route);
            } catch (IllegalArgumentException e) {
                problems.add(file.error(pointer + (route.rewrite() != null ? "/rewrite" : "/replacePrefix"), e.getMessage()));
                return;
            }
        }
        Set<String> methods = new LinkedHashSet<>();
        for (int m = 0; m < route.methods().size(); m++) {
            String method = route.methods().get(m);
            if (method == null || !method.trim().matches("[A-Za-z]+")) {
                problems.add(file.error(pointer + "/methods/" + m, "'" + method + "' is not an HTTP method"));
                return;
            }
            methods.add(method.trim().toUpperCase(Locale.ROOT));
        }
        for (Map.Entry<String, String> h : route.headers().entrySet()) {
            if (h.getKey() == null || h.getKey().isBlank() || h.getValue() == null) {
                problems.add(file.error(pointer + "/headers", "a header matcher is 'name: value' with both given, got '"
                        + h.getKey() + ": " + h.getValue() + "'"));
                return;
            }
        }
        String host = route.host() == null || route.host().isBlank() ? null : route.host().trim().toLowerCase(Locale.ROOT);
        add(file, pointer, route.prefix(), route.service(), host, methods, route.headers(), rewrite);
    }

    private static PathRewrite rewrite(GatewayConfig.RouteConfig route) {
        if (route.stripPrefix()) {
            return PathRewrite.strip(route.prefix());
        }
        if (route.replacePrefix() != null) {
            if (!route.replacePrefix().startsWith("/")) {
                throw new IllegalArgumentException("replacePrefix must be a path starting with /, got '" + route.replacePrefix() + "'");
            }
            return PathRewrite.replace(route.prefix(), route.replacePrefix());
        }
        if (route.rewrite() != null) {
            return PathRewrite.rules(List.of(PathRewrite.Rule.parse(route.rewrite())));
        }
        return PathRewrite.NONE;
    }

    private void add(ConfigFile file, String pointer, String prefix, String service, String host, Set<String> methods,
                     Map<String, String> headers, PathRewrite rewrite) {
        if (prefix == null || !prefix.startsWith("/") || prefix.contains("//") || UnsafePaths.problem(prefix, true) != null) {
            problems.add(file.error(pointer, "a route's prefix is a path starting with / (no //, . or .. segments), got '" + prefix + "'"));
            return;
        }
        if (service == null || service.isBlank()) {
            problems.add(file.error(pointer, "a route names its service (a key of services or of direct-registry.yml's directUrls)"));
            return;
        }
        ProxyConfig config = known.get(service);
        if (config == null) {
            // light-4j found a service without direct URLs in its registry (Consul, light-portal): Lumen has none
            problems.add(file.error(pointer, "no service '" + service + "' (services: " + (known.isEmpty() ? "none"
                    : String.join(", ", known.keySet())) + "); Lumen has no service registry (Consul, light-portal): give its"
                    + " URLs in direct-registry.yml directUrls or as a gateway.yml service"));
            return;
        }
        if (!config.enabled()) {
            problems.add(file.error(pointer, "service '" + service + "' has enabled: false"));
            return;
        }
        Planned planned = new Planned(PathRewrite.trimSlash(prefix), service, host, Set.copyOf(methods), Map.copyOf(headers),
                rewrite, file.where(pointer));
        for (int j = 0; j < routes.size(); j++) {
            Planned earlier = routes.get(j);
            if (!earlier.prefix().equals(planned.prefix())) {
                continue;
            }
            if (planned.sameMatchers(earlier)) {
                problems.add(file.error(pointer, "prefix '" + prefix + "' overlaps the route at " + earlier.where()
                        + ": the same prefix with the same matchers twice"));
                return;
            }
            if (planned.coveredBy(earlier)) {
                problems.add(file.error(pointer, "unreachable: the route at " + earlier.where() + " (prefix '" + prefix
                        + "') comes first and takes every request this one would"));
                return;
            }
        }
        routes.add(planned);
        used.putIfAbsent(service, config);
    }

    private static List<String> hosts(Object value) {
        List<String> hosts = new ArrayList<>();
        if (value instanceof List<?> list) {
            list.forEach(v -> hosts.addAll(hosts(v)));
        } else if (value != null) {
            Arrays.stream(value.toString().split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(hosts::add);
        }
        return hosts;
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
