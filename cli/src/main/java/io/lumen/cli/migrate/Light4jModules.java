package io.lumen.cli.migrate;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The config files of light-4j 2.3.x modules that Lumen has no reader for, with what to use
 * instead, and the two whose job Lumen does under another name. File names are those of
 * light-4j's own module defaults ({@code src/main/resources/config/*.yml} of each module).
 */
final class Light4jModules {
    /** light-4j's file -> Lumen's file: the {@code enabled} switch carries over, other keys do not. */
    static final Map<String, String> RENAMED = Map.of("logging", "logger", "configReload", "reload");

    private static final Map<String, String> WITHOUT_READER = table();

    private Light4jModules() {
    }

    /** What to use instead of light-4j module {@code name}, if Lumen has no reader for its config. */
    static Optional<String> insteadOf(String name) {
        return Optional.ofNullable(WITHOUT_READER.get(name));
    }

    /** Every light-4j module file name this table knows, for the docs' test. */
    static Set<String> names() {
        return WITHOUT_READER.keySet();
    }

    private static Map<String, String> table() {
        Map<String, String> t = new TreeMap<>();
        String ingress = "do it at the ingress or in your handler";
        String proxy = "proxy.yml hosts and one proxy route per path prefix in handler.yml";
        t.put("service", "nothing: Lumen has no singleton registry; handlers get shared objects from the ServiceContext");
        t.put("startup", "nothing: startup hooks are found with ServiceLoader (io.lumen.server.StartupHook)");
        t.put("traceability", "correlation.yml (the correlation middleware echoes X-Traceability-Id)");
        t.put("prometheus", "metrics.yml (Micrometer with a Prometheus registry)");
        t.put("jaeger-tracing", "tracing.yml (OpenTelemetry, lumen-otel)");
        t.put("openapi-handler", "specification.yml; Lumen serves one spec per service");
        t.put("dump", "audit.yml or DEBUG logging");
        t.put("whitelist", "an IP filter at the ingress; logger.yml changesFrom and reload.yml allowedFrom for admin routes");
        t.put("access-control", "scopes in the OpenAPI spec, checked by the security middleware");
        t.put("deref", "the security middleware with JWTs");
        t.put("jwt", "nothing: Lumen verifies tokens (security.yml) and does not issue them");
        t.put("content", "set Content-Type in your handler, or a header.yml response rule");
        t.put("request-injection", "nothing: Lumen has no request interceptors");
        t.put("response-injection", "nothing: Lumen has no response interceptors");
        t.put("request-transformer", ingress);
        t.put("response-transformer", ingress);
        t.put("response-filter", ingress);
        t.put("response-cache", ingress);
        t.put("rule", "your own handler; Lumen has no rule engine");
        t.put("cache", "your own caches");
        t.put("pathService", proxy);
        t.put("serviceDict", proxy);
        t.put("sidecar", proxy);
        t.put("token-limit", "limit.yml");
        t.put("oauthServer", "your OAuth server's own token endpoint");
        t.put("external-service", proxy);
        t.put("mras", ingress);
        t.put("salesforce", ingress);
        t.put("tableau", ingress);
        t.put("consul", "client.yml discovery (DNS) or proxy.yml hosts");
        t.put("portal-registry", "client.yml discovery (DNS) or proxy.yml hosts");
        t.put("db-provider", "datasource.yml (lumen-datasource)");
        t.put("ldap", "your own handler");
        t.put("email", "your own handler");
        t.put("mask", "audit.yml (the audit middleware masks what it is told to)");
        t.put("expect-100-continue", "nothing: Lumen's server answers Expect: 100-continue itself");
        return t;
    }
}
