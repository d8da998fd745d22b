package io.lumen.handler.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One route of handler.yml.
 *
 * @param path   template: literal segments, {@code {param}} segments, optionally a trailing {@code *}
 * @param method HTTP method, case-insensitive
 * @param exec   chain and handler names, run in order; the last one answers
 */
public record PathEntry(String path, String method, List<String> exec) {
    public PathEntry {
        exec = exec == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(exec));
    }
}
