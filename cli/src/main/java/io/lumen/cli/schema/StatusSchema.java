package io.lumen.cli.schema;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The schema of status.yml and app-status.yml as {@code io.lumen.status.StatusCatalogue} reads them:
 * codes (three capitals and five digits) mapping to entries, and light-4j's three {@code show*}
 * switches.
 */
final class StatusSchema {
    private StatusSchema() {
    }

    static Map<String, Object> of(String name) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("$schema", ConfigSchemas.DIALECT);
        schema.put("$id", "lumen:config/" + name + ".schema.json");
        schema.put("title", name + ".yml");
        schema.put("description", "Status codes merged over Lumen's table (lumen-status.yml): each code's HTTP status,"
                + " message and description template; light-4j's files are accepted as written.");
        schema.put("type", "object");
        Map<String, Object> switches = new LinkedHashMap<>();
        for (String s : List.of("showMessage", "showDescription", "showMetadata")) {
            switches.put(s, ConfigSchemas.obj("description", "write the error JSON's " + s.substring(4).toLowerCase() + " field (true)",
                    "anyOf", List.of(ConfigSchemas.obj("type", "boolean"), ConfigSchemas.obj("type", "string", "pattern", "\\$\\{[^}]+\\}"))));
        }
        schema.put("properties", switches);
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("type", "object");
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("statusCode", ConfigSchemas.obj("description", "the HTTP status sent with the error JSON", "type", "integer",
                "minimum", 100, "maximum", 599));
        fields.put("code", ConfigSchemas.obj("description", "the code again; must equal the key", "type", "string"));
        fields.put("message", ConfigSchemas.obj("description", "a short constant name such as PATH_NOT_IMPLEMENTED", "type", "string"));
        fields.put("description", ConfigSchemas.obj("description", "a String.format template filled with each occurrence's values",
                "type", "string"));
        fields.put("severity", ConfigSchemas.obj("description", "ERROR unless given", "type", "string"));
        fields.put("metadata", ConfigSchemas.obj("description", "extra fields for clients, written as the error JSON's metadata",
                "type", "object"));
        entry.put("properties", fields);
        entry.put("required", List.of("statusCode"));
        entry.put("additionalProperties", false);
        schema.put("patternProperties", ConfigSchemas.obj("^[A-Z]{3}[0-9]{5}$", entry));
        schema.put("additionalProperties", false);
        return schema;
    }
}
