package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Locale;

/**
 * One parameter of an operation, with its serialization resolved to defaults (OpenAPI 3: path and
 * header {@code simple}, query and cookie {@code form}; {@code explode} true for {@code form} only).
 *
 * @param name          the parameter name (case-insensitive for headers)
 * @param in            where it is
 * @param required      whether a request must carry it (always true for path parameters)
 * @param style         how it is serialized
 * @param explode       the explode flag
 * @param schema        its schema with top-level {@code $ref}s followed (for conversion); never null
 * @param schemaPointer the JSON pointer of the schema in the spec bundle, to compile it
 * @param json          true when the parameter uses {@code content: application/json} instead of a schema
 * @param pointer       where the parameter is declared, for errors
 */
public record Parameter(String name, In in, boolean required, Style style, boolean explode,
                        JsonNode schema, String schemaPointer, boolean json, String pointer) {

    /** The parameter location. */
    public enum In {
        PATH, QUERY, HEADER, COOKIE;

        /** {@code path}, {@code query}, ... as written in the spec and in error locations. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** OpenAPI 3 serialization styles. */
    public enum Style {
        MATRIX, LABEL, FORM, SIMPLE, SPACE_DELIMITED, PIPE_DELIMITED, DEEP_OBJECT;

        static Style parse(String s) {
            return switch (s) {
                case "matrix" -> MATRIX;
                case "label" -> LABEL;
                case "form" -> FORM;
                case "simple" -> SIMPLE;
                case "spaceDelimited" -> SPACE_DELIMITED;
                case "pipeDelimited" -> PIPE_DELIMITED;
                case "deepObject" -> DEEP_OBJECT;
                default -> null;
            };
        }
    }

    /** {@code query.limit}: how errors name this parameter. */
    public String location() {
        return in.label() + "." + name;
    }
}
