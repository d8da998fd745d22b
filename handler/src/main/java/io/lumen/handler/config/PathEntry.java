package io.lumen.handler.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One route of handler.yml, or (with {@code source}) one route per operation of a list of endpoints.
 *
 * @param path   template: literal segments, {@code {param}} segments, optionally a trailing {@code *}
 * @param method HTTP method, case-insensitive
 * @param exec   chain and handler names, run in order; the last one answers
 * @param source light-4j's endpoint source class instead of path and method; Lumen knows
 *               {@code com.networknt.openapi.OpenApiEndpointSource} (every operation of openapi.yaml)
 */
public record PathEntry(String path, String method, List<String> exec, String source) {
    public PathEntry {
        exec = exec == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(exec));
    }

    public PathEntry(String path, String method, List<String> exec) {
        this(path, method, exec, null);
    }
}
