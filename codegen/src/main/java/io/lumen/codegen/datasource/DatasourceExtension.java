package io.lumen.codegen.datasource;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.openapi.OpenApiSpec;

import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the spec's root extension {@code x-lumen-datasource} and merges it with what the command
 * line or the Maven plugin asked (which wins, part by part). The extension is {@code true} (a
 * database with the defaults), {@code false} (none), or an object with any of {@code name} (the
 * pool, default {@code main}), {@code driver} ({@code h2}, the default, or {@code postgresql}) and
 * {@code migrations} (boolean, default true). A bad value or an unknown key is a
 * {@link io.lumen.config.ConfigException} naming the spec file, the line and the key.
 */
public final class DatasourceExtension {
    /** The extension's key at the root of the OpenAPI document. */
    public static final String KEY = "x-lumen-datasource";
    private static final Set<String> KEYS = Set.of("name", "driver", "migrations");

    private DatasourceExtension() {
    }

    /** The database of the project, or empty when neither the request nor the spec asks for one. */
    public static Optional<Datasource> resolve(OpenApiSpec spec, DatasourceRequest request) {
        DatasourceRequest fromSpec = read(spec);
        boolean enabled = request.enabled() != null ? request.enabled()
                : request.hasDetails() || fromSpec.enabled() != null && fromSpec.enabled();
        if (!enabled) {
            return Optional.empty();
        }
        String pool = first(request.pool(), fromSpec.pool(), Datasource.DEFAULT_POOL);
        String driver = first(request.driver(), fromSpec.driver(), Datasource.Driver.H2.label());
        Boolean migrations = request.migrations() != null ? request.migrations()
                : fromSpec.migrations() != null ? fromSpec.migrations() : Boolean.TRUE;
        return Optional.of(new Datasource(pool, Datasource.Driver.of(driver), migrations));
    }

    /** The extension as a request: {@link DatasourceRequest#NONE} when the spec has none. */
    static DatasourceRequest read(OpenApiSpec spec) {
        JsonNode node = spec.bundle().get(KEY);
        String at = "/" + KEY;
        if (node == null || node.isNull()) {
            return DatasourceRequest.NONE;
        }
        if (node.isBoolean()) {
            return new DatasourceRequest(node.booleanValue(), null, null, null);
        }
        if (!node.isObject()) {
            throw spec.error(at, "must be true, false or an object with name, driver (h2 | postgresql) and migrations "
                    + "(true | false); found " + kind(node));
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
            String key = it.next().getKey();
            if (!KEYS.contains(key)) {
                throw spec.error(at + "/" + key.replace("~", "~0").replace("/", "~1"), "unknown key '" + key
                        + "': " + KEY + " takes name, driver and migrations");
            }
        }
        String name = text(spec, node, "name");
        if (name != null && !Datasource.POOL_NAME.matcher(name).matches()) {
            throw spec.error(at + "/name", "pool name '" + name + "': letters, digits, '_' and '-' only");
        }
        String driver = text(spec, node, "driver");
        if (driver != null) {
            try {
                Datasource.Driver.of(driver);
            } catch (IllegalArgumentException e) {
                throw spec.error(at + "/driver", e.getMessage());
            }
        }
        JsonNode migrations = node.get("migrations");
        if (migrations != null && !migrations.isBoolean()) {
            throw spec.error(at + "/migrations", "must be true or false; found " + kind(migrations));
        }
        return new DatasourceRequest(true, name, driver, migrations == null ? null : migrations.booleanValue());
    }

    private static String text(OpenApiSpec spec, JsonNode node, String key) {
        JsonNode value = node.get(key);
        if (value == null) {
            return null;
        }
        if (!value.isTextual() || value.asText().isBlank()) {
            throw spec.error("/" + KEY + "/" + key, "must be a non-empty string; found " + kind(value));
        }
        return value.asText();
    }

    private static String kind(JsonNode node) {
        return node.isTextual() ? "'" + node.asText() + "'" : node.isContainerNode() ? node.getNodeType().name().toLowerCase(Locale.ROOT)
                : node.toString();
    }

    private static String first(String a, String b, String fallback) {
        return a != null ? a : b != null ? b : fallback;
    }
}
