package io.lumen.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The values of light-4j's shipped default files (inside its jars, each key written
 * {@code key: ${module.key:default}}) where they differ from the defaults of Lumen's records, for a
 * module whose own file is absent: a light-4j folder without that file ran on them yesterday. They
 * rank below {@code <module>.<key>} from overrides, the environment and values.yml, and above the
 * record's default.
 *
 * <ul>
 * <li>server.yml: light-4j's key store passwords ({@code password}). light-4j listened HTTPS-only with a
 * test key store inside its jar; Lumen ships none, so HTTPS-only applies when the key store
 * ({@code server.keystoreName}, else {@code server.keystore}) is in the config dirs, else Lumen's HTTP
 * default stays.</li>
 * <li>handler.yml: light-gateway's and light-proxy's jars (2.x until 2026) shipped a handler.yml whose
 * {@code default} chain is values.yml's {@code handler.chains.default}, run for {@code /*} on every
 * method, beside admin routes ({@code /health}, {@code /adm/server/info}, ...). A values.yml with that
 * dotted key and neither {@code handler.chains} nor {@code handler.paths} relies on it: the same chains
 * and routes, each route kept only when its handlers are declared in {@code handler.handlers}, and the
 * admin chain's routes and the spec's ({@code /spec.yaml}, {@code /specui.html}) only when the default
 * chain has {@code specification} and {@code security} too (they need the spec and JWT keys, which
 * light-4j took from its jar).</li>
 * <li>proxy.yml: {@code hosts} {@code http://localhost:8080}; client.yml: the trust and key store
 * passwords of {@code tls} ({@code password}). light-4j's proxy connects with client.yml's {@code tls},
 * and so does Lumen's when proxy.yml has none (io.lumen.proxy.config.ProxyConfig#load).</li>
 * <li>direct-registry.yml: before that file, light-4j's DirectRegistry took its URLs from
 * {@code service.singletons}' {@code com.networknt.registry.URLImpl} {@code parameters} (service id ->
 * URLs); light-gateway's {@code config/local} still sets them there.</li>
 * <li>basic-auth.yml: {@code enabled} false (light-4j's shipped file switches BasicAuthHandler off).</li>
 * </ul>
 *
 * <p>Three shipped files read their values.yml keys under another prefix than their name
 * ({@code basic-auth.yml}: {@code basic.users}; {@code request-decode.yml}: {@code decode.*};
 * {@code response-encode.yml}: {@code encode.*}); {@link #valuesKey} gives those names.
 *
 * <p>{@code lumen migrate} writes out the same defaults ({@link #value}) where a folder relied on them.
 */
public final class Light4jDefaults {
    private static final Map<String, Object> SERVER_SECRETS =
            Map.of("keystorePass", "password", "keyPass", "password", "truststorePass", "password");
    private static final Map<String, Object> SERVER_HTTPS_ONLY = Map.of("enableHttps", true, "enableHttp", false);
    private static final Map<String, Object> TLS_SECRETS =
            Map.of("trustStorePass", "password", "keyStorePass", "password", "keyPass", "password");
    private static final String DEFAULT_CHAIN = "handler.chains.default";
    private static final List<String> ADMIN_CHAIN =
            List.of("exception", "correlation", "specification", "security", "body", "validator");
    /** The gateway jar's routes: path, method, then the chain or handlers it runs. */
    private static final String[][] GATEWAY_ROUTES = {
            {"/*", "GET", "default"}, {"/*", "POST", "default"}, {"/*", "PUT", "default"},
            {"/*", "DELETE", "default"}, {"/*", "PATCH", "default"}, {"/*", "OPTIONS", "default"},
            {"/adm/server/info", "GET", "admin", "info"}, {"/health", "GET", "exception", "health"},
            {"/adm/health/${server.serviceId}", "GET", "admin", "health"},
            {"/adm/logger", "GET", "admin", "getLogger"}, {"/adm/logger", "POST", "admin", "postLogger"},
            {"/adm/logger/content", "GET", "admin", "getLogContents"}, {"/adm/modules", "GET", "admin", "modules"},
            {"/adm/modules", "POST", "admin", "configReload"}, {"/adm/shutdown", "DELETE", "admin", "shutdown"},
            {"/adm/cache/{name}", "GET", "admin", "cache"}, {"/adm/chaosmonkey", "GET", "admin", "chaosget"},
            {"/adm/chaosmonkey/{assault}", "POST", "admin", "chaospost"},
            {"${handler.oauthTokenPath}", "POST", "body", "oauth"}, {"${handler.oauthTokenPath}", "GET", "getOauth"},
            {"/spec.yaml", "GET", "spec"}, {"/specui.html", "GET", "swaggerui"}, {"/favicon.ico", "GET", "favicon"}};

    /** File name -> the values.yml prefix light-4j's shipped file of that name used. */
    private static final Map<String, String> VALUES_PREFIX =
            Map.of("basic-auth", "basic", "request-decode", "decode", "response-encode", "encode");

    private Light4jDefaults() {
    }

    /**
     * The values.yml key light-4j's shipped file read for module key {@code key} ({@code basic-auth.users}
     * -> {@code basic.users}), or null when it is the key itself.
     */
    public static String valuesKey(String key) {
        int dot = key.indexOf('.');
        String prefix = dot < 0 ? null : VALUES_PREFIX.get(key.substring(0, dot));
        return prefix == null ? null : prefix + key.substring(dot);
    }

    /**
     * light-4j's default of {@code key} of absent file {@code module}, or null to keep Lumen's.
     *
     * @param values    what overrides, the environment and values.yml say for a {@code module.key}
     * @param fileFound whether a file (a key store) is in the config dirs or classpath config/
     */
    static PlaceholderResolver.Found of(String module, String key, Function<String, PlaceholderResolver.Found> values,
                                        Predicate<String> fileFound) {
        return switch (module) {
            case "server" -> server(key, values, fileFound);
            case "handler" -> handler(key, values);
            case "proxy" -> key.equals("hosts") ? new PlaceholderResolver.Found("http://localhost:8080") : null;
            case "client" -> tls(key);
            case "direct-registry" -> key.equals("directUrls") ? singletonUrls(values.apply("service.singletons")) : null;
            case "basic-auth" -> key.equals("enabled") ? new PlaceholderResolver.Found(false) : null;
            default -> null;
        };
    }

    /**
     * The same default over plain values, for tools that read a light-4j folder without starting it
     * ({@code lumen migrate}); null to keep Lumen's.
     *
     * @param values    a {@code module.key}'s value as the folder gives it (values.yml), or null
     * @param fileFound whether a file (a key store) is in the folder
     */
    public static Object value(String module, String key, Function<String, Object> values, Predicate<String> fileFound) {
        PlaceholderResolver.Found found = of(module, key, k -> {
            Object v = values.apply(k);
            return v == null ? null : new PlaceholderResolver.Found(v);
        }, fileFound);
        return found == null ? null : found.value();
    }

    private static PlaceholderResolver.Found server(String key, Function<String, PlaceholderResolver.Found> values,
                                                    Predicate<String> fileFound) {
        if (SERVER_SECRETS.containsKey(key)) {
            return new PlaceholderResolver.Found(SERVER_SECRETS.get(key));
        }
        if (SERVER_HTTPS_ONLY.containsKey(key) && values.apply("server.enableHttps") == null) {
            String store = text(values.apply("server.keystoreName"), "server.keystore");
            return fileFound.test(store) ? new PlaceholderResolver.Found(SERVER_HTTPS_ONLY.get(key)) : null;
        }
        return null;
    }

    private static PlaceholderResolver.Found tls(String key) {
        return key.equals("tls") ? new PlaceholderResolver.Found(TLS_SECRETS) : null;
    }

    private static PlaceholderResolver.Found handler(String key, Function<String, PlaceholderResolver.Found> values) {
        if (!key.equals("chains") && !key.equals("paths")) {
            return null;
        }
        PlaceholderResolver.Found defaultChain = values.apply(DEFAULT_CHAIN);
        if (defaultChain == null || values.apply("handler.chains") != null || values.apply("handler.paths") != null) {
            return null;
        }
        // the admin chain needs openapi.yaml and JWT keys (light-4j took its test keys from its jar): only for a
        // folder whose own chain has them
        boolean admin = defaultChain.value() instanceof List<?> chain && chain.contains("specification")
                && chain.contains("security");
        if (key.equals("chains")) {
            Map<String, Object> chains = new LinkedHashMap<>();
            chains.put("default", defaultChain.value());
            if (admin) {
                chains.put("admin", ADMIN_CHAIN);
            }
            return new PlaceholderResolver.Found(chains, defaultChain.origin());
        }
        Set<String> declared = declaredAliases(values.apply("handler.handlers"));
        declared.add("default");
        if (admin) {
            declared.add("admin");
        }
        String serviceId = text(values.apply("server.serviceId"), null);
        String tokenPath = text(values.apply("handler.oauthTokenPath"), "/oauth/token");
        List<Object> paths = new ArrayList<>();
        for (String[] route : GATEWAY_ROUTES) {
            List<String> exec = List.of(route).subList(2, route.length);
            String path = route[0].replace("${handler.oauthTokenPath}", tokenPath);
            boolean needsSpec = exec.contains("spec") || exec.contains("swaggerui"); // they serve openapi.yaml
            if (!declared.containsAll(exec) || needsSpec && !admin || path.contains("${server.serviceId}") && serviceId == null) {
                continue; // light-4j would not start with an undeclared handler; a folder leaves such routes out
            }
            paths.add(Map.of("path", path.replace("${server.serviceId}", String.valueOf(serviceId)),
                    "method", route[1], "exec", exec));
        }
        return new PlaceholderResolver.Found(paths, defaultChain.origin());
    }

    /** The {@code parameters} of {@code service.singletons}' URLImpl: service id -> its URLs; null when there are none. */
    private static PlaceholderResolver.Found singletonUrls(PlaceholderResolver.Found singletons) {
        Map<String, Object> urls = new LinkedHashMap<>();
        if (singletons != null && singletons.value() instanceof List<?> entries) {
            for (Object entry : entries) {
                if (entry instanceof Map<?, ?> m && m.get("com.networknt.registry.URL") instanceof List<?> impls) {
                    for (Object impl : impls) {
                        if (impl instanceof Map<?, ?> i && i.get("com.networknt.registry.URLImpl") instanceof Map<?, ?> url
                                && url.get("parameters") instanceof Map<?, ?> parameters) {
                            parameters.forEach((id, hosts) -> {
                                if (String.valueOf(hosts).contains("://")) { // not registryRetryPeriod and such
                                    urls.put(String.valueOf(id), hosts);
                                }
                            });
                        }
                    }
                }
            }
        }
        return urls.isEmpty() ? null : new PlaceholderResolver.Found(urls, singletons.origin());
    }

    /** The aliases of {@code handler.handlers} entries ({@code com.networknt.health.HealthGetHandler@health}). */
    private static Set<String> declaredAliases(PlaceholderResolver.Found handlers) {
        Set<String> aliases = new LinkedHashSet<>();
        if (handlers != null && handlers.value() instanceof List<?> list) {
            for (Object entry : list) {
                String s = String.valueOf(entry);
                int at = s.lastIndexOf('@');
                aliases.add(at < 0 ? s : s.substring(at + 1).trim());
            }
        }
        return aliases;
    }

    private static String text(PlaceholderResolver.Found found, String fallback) {
        return found == null || found.value() == null ? fallback : String.valueOf(found.value());
    }
}
