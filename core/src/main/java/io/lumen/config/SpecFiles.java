package io.lumen.config;

import java.util.List;
import java.util.Optional;

/**
 * Where a service's API spec is: the config named {@code openapi}, else the one named {@code swagger}
 * (light-rest-4j's Swagger 2.0 line kept {@code swagger.json}/{@code swagger.yaml} in the config folder;
 * lumen-openapi converts a Swagger 2.0 document to OpenAPI 3.0 when it loads it). The one lookup every
 * module that needs the spec file uses. Stateless.
 */
public final class SpecFiles {
    /** The base names looked for, in order: a folder with both serves its OpenAPI 3 spec. */
    public static final List<String> BASE_NAMES = List.of("openapi", "swagger");
    /** What to say when there is none. */
    public static final String NONE = "no openapi.yaml, openapi.yml or openapi.json (nor swagger.yaml, swagger.yml or swagger.json)"
            + " in the config dirs or classpath config/";

    private SpecFiles() {
    }

    /** The first spec file found, by {@link #BASE_NAMES} order. */
    public static Optional<ConfigFile> find(ConfigLoader loader) {
        for (String name : BASE_NAMES) {
            Optional<ConfigFile> found = loader.find(name);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }
}
