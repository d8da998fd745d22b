package io.lumen.codegen.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;

import java.util.List;
import java.util.Map;

/** A Java declaration the spec's schemas need: a record, an enum or a sealed interface. */
public sealed interface Model permits Model.Record, Model.Enum, Model.Union {

    ClassName name();

    /** Where the schema is, for Javadoc and errors. */
    String pointer();

    /** The schema's {@code description} or {@code title}; may be empty. */
    String description();

    /**
     * An object schema with properties (allOf flattened).
     *
     * @param interfaces           sealed interfaces it is a variant of
     * @param additionalProperties the value type of {@code additionalProperties} beside the properties, or null
     */
    record Record(ClassName name, String pointer, String description, List<Property> properties,
                  List<ClassName> interfaces, TypeName additionalProperties) implements Model {

        /** This record as a variant of {@code unions}. */
        public Record withInterfaces(List<ClassName> unions) {
            return new Record(name, pointer, description, properties, unions, additionalProperties);
        }

        /** This record with the property {@code json} typed {@code type}. */
        public Record withType(String json, TypeName type) {
            return new Record(name, pointer, description, properties.stream()
                    .map(x -> x.json().equals(json) ? new Property(x.json(), x.java(), type, x.required(), x.nullable(), x.description()) : x)
                    .toList(), interfaces, additionalProperties);
        }
    }

    /**
     * One property of a record.
     *
     * @param json     the JSON name
     * @param java     the record component's name
     * @param required listed in {@code required}
     * @param nullable {@code null} is a valid value (3.0 {@code nullable}, 3.1 type arrays, a {@code null} variant)
     */
    record Property(String json, String java, TypeName type, boolean required, boolean nullable, String description) {
    }

    /**
     * An enum schema.
     *
     * @param valueType {@code String}, {@code Long}, {@code Double} or {@code Boolean}: the JSON values' type
     * @param constants constant name to JSON value, in spec order
     */
    record Enum(ClassName name, String pointer, String description, TypeName valueType,
                Map<String, JsonNode> constants) implements Model {
    }

    /**
     * A {@code oneOf}/{@code anyOf} with a discriminator: a sealed interface its variant records implement.
     *
     * @param property the discriminator property (each variant record has it)
     * @param variants variant record to the discriminator values that select it
     */
    record Union(ClassName name, String pointer, String description, String property,
                 Map<ClassName, List<String>> variants) implements Model {
    }
}
