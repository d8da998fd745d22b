package io.lumen.codegen.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.UUID;

/** The Java types of schemas that need no declaration: strings by format, and the type a schema implies. */
final class JavaTypes {
    private JavaTypes() {
    }

    /** A string's Java type by its format ({@code binary} stays a String inside JSON). */
    static TypeName string(String format) {
        return switch (format) {
            case "date-time" -> ClassName.get(OffsetDateTime.class);
            case "date" -> ClassName.get(LocalDate.class);
            case "uuid" -> ClassName.get(UUID.class);
            case "byte" -> TypeName.get(byte[].class);
            default -> ClassName.get(String.class);
        };
    }

    /** The schema at {@code pointer} is a {@code format: binary} string, or an array of them. */
    static boolean binary(JsonNode bundle, String pointer) {
        String at = Schemas.deref(bundle, pointer);
        JsonNode s = bundle.at(at);
        if (Schemas.types(s).contains("array")) {
            s = bundle.at(Schemas.deref(bundle, at + "/items"));
        }
        return Schemas.types(s).contains("string") && "binary".equals(s.path("format").asText());
    }
}
