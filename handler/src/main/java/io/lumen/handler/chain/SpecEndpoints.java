package io.lumen.handler.chain;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;
import io.lumen.config.SpecFiles;
import io.lumen.http.HttpMethods;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The routes light-4j's {@code com.networknt.openapi.OpenApiEndpointSource} lists for a handler.yml
 * {@code paths[].source}: every operation (path and method) of openapi.yaml, under the path of the
 * spec's first server URL, as light-rest-4j does.
 */
final class SpecEndpoints {
    static final String OPENAPI_SOURCE = "com.networknt.openapi.OpenApiEndpointSource";

    /** One operation: the full path template and the upper-case method. */
    record Endpoint(String path, String method) {}

    private SpecEndpoints() {
    }

    /** Every operation of the spec the loader finds, in spec order. */
    static List<Endpoint> list(ConfigLoader loader) {
        ConfigFile spec = SpecFiles.find(loader).orElseThrow(() -> new ConfigException("openapi.yaml", 0, null,
                OPENAPI_SOURCE + " lists the operations of openapi.yaml, but there is " + SpecFiles.NONE));
        if (!(spec.tree() instanceof Map<?, ?> root) || !(root.get("paths") instanceof Map<?, ?> paths)) {
            throw new ConfigException(spec.displayName(), 0, "paths", "the spec has no paths to route");
        }
        String base = basePath(root);
        List<Endpoint> endpoints = new ArrayList<>();
        paths.forEach((path, item) -> {
            if (item instanceof Map<?, ?> operations) {
                operations.keySet().forEach(m -> {
                    String method = String.valueOf(m).toLowerCase(Locale.ROOT);
                    if (HttpMethods.PATH_ITEM_KEYS.contains(method)) {
                        endpoints.add(new Endpoint(base + path, method.toUpperCase(Locale.ROOT)));
                    }
                });
            }
        });
        return endpoints;
    }

    /**
     * The path of {@code servers[0].url} (a Swagger 2.0 spec's {@code basePath}) without a trailing
     * slash; empty when there is none.
     */
    private static String basePath(Map<?, ?> root) {
        if (root.containsKey("swagger") && root.get("basePath") instanceof String swaggerBase) {
            return swaggerBase.endsWith("/") ? swaggerBase.substring(0, swaggerBase.length() - 1) : swaggerBase;
        }
        if (root.get("servers") instanceof List<?> servers && !servers.isEmpty()
                && servers.get(0) instanceof Map<?, ?> server && server.get("url") instanceof String url) {
            String path;
            try {
                path = URI.create(url.replaceAll("\\{[^}]*}", "x")).getPath();
            } catch (IllegalArgumentException e) {
                return "";
            }
            if (path == null) {
                return "";
            }
            return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        }
        return "";
    }
}
