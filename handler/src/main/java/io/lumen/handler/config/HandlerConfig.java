package io.lumen.handler.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code handler.yml}. Lists may also be given as JSON or comma-separated strings (so values.yml or
 * environment variables can supply them); {@code additional*} entries are appended to (or, for
 * chains, merged into) the main ones, which lets a values.yml extend a shipped handler.yml.
 *
 * @param enabled               false serves no routes: every request goes to the fallback
 * @param basePath              informational; shown by the info endpoint
 * @param handlers              {@code FQCN@alias} or {@code FQCN} entries, instantiated once
 * @param chains                chain name to handler names
 * @param paths                 routes: path template, method, exec (chain and handler names mixed)
 * @param defaultHandlers       chain run when no route matches; absent means 404/405 error JSON
 * @param additionalHandlers    appended to handlers
 * @param additionalChains      merged into chains (a name in both fails startup)
 * @param additionalPaths       appended to paths
 * @param reportHandlerDuration accepted for light-4j compatibility; Lumen reports durations through metrics
 */
public record HandlerConfig(
        Boolean enabled,
        String basePath,
        List<String> handlers,
        Map<String, List<String>> chains,
        List<PathEntry> paths,
        List<String> defaultHandlers,
        List<String> additionalHandlers,
        Map<String, List<String>> additionalChains,
        List<PathEntry> additionalPaths,
        Boolean reportHandlerDuration) {

    public HandlerConfig {
        enabled = enabled == null || enabled;
        basePath = basePath == null || basePath.isBlank() ? "/" : basePath;
        handlers = copy(handlers);
        chains = chains == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(chains));
        paths = copy(paths);
        defaultHandlers = copy(defaultHandlers);
        additionalHandlers = copy(additionalHandlers);
        additionalChains = additionalChains == null ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(additionalChains));
        additionalPaths = copy(additionalPaths);
        reportHandlerDuration = reportHandlerDuration != null && reportHandlerDuration;
    }

    private static <T> List<T> copy(List<T> list) {
        return list == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(list));
    }
}
