package io.lumen.codegen.java;

import com.fasterxml.jackson.databind.JsonNode;
import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.lumen.codegen.schema.Model;

import javax.lang.model.element.Modifier;
import java.util.List;
import java.util.Map;

/**
 * Writes the model declarations: records with Jackson names per component ({@code required} ones
 * always written, optional ones only when set), enums that carry their JSON value (any string,
 * {@code in-progress} or {@code +1}), sealed interfaces with Jackson subtype mapping by discriminator.
 */
public final class ModelWriter {
    private static final String JACKSON = "com.fasterxml.jackson.annotation";
    private static final ClassName JSON_PROPERTY = ClassName.get(JACKSON, "JsonProperty");
    private static final ClassName JSON_INCLUDE = ClassName.get(JACKSON, "JsonInclude");
    private static final ClassName INCLUDE = ClassName.get(JACKSON, "JsonInclude", "Include");
    private static final ClassName JSON_VALUE = ClassName.get(JACKSON, "JsonValue");
    private static final ClassName JSON_CREATOR = ClassName.get(JACKSON, "JsonCreator");
    private static final ClassName TYPE_INFO = ClassName.get(JACKSON, "JsonTypeInfo");
    private static final ClassName SUB_TYPES = ClassName.get(JACKSON, "JsonSubTypes");
    private static final ClassName ANY_SETTER = ClassName.get(JACKSON, "JsonAnySetter");
    private static final ClassName ANY_GETTER = ClassName.get(JACKSON, "JsonAnyGetter");

    private final JavaSources sources;

    public ModelWriter(JavaSources sources) {
        this.sources = sources;
    }

    /** The file path and text of a model. */
    public Map.Entry<String, String> write(Model model) {
        TypeSpec.Builder type;
        if (model instanceof Model.Record r) {
            type = record(r);
        } else if (model instanceof Model.Enum e) {
            type = enumType(e);
        } else {
            type = union((Model.Union) model);
        }
        return Map.entry(JavaSources.path(sources.model(), model.name().simpleName()),
                sources.generatedFile(sources.model(), type));
    }

    private TypeSpec.Builder record(Model.Record r) {
        TypeSpec.Builder type = TypeSpec.recordBuilder(r.name()).addModifiers(Modifier.PUBLIC)
                .addAnnotation(JavaSources.generated())
                .addAnnotation(include("NON_NULL"));
        StringBuilder doc = new StringBuilder(describe(r.description(), "Schema " + r.pointer() + "."));
        MethodSpec.Builder ctor = MethodSpec.constructorBuilder();
        for (Model.Property p : r.properties()) {
            ParameterSpec.Builder param = ParameterSpec.builder(p.type(), p.java())
                    .addAnnotation(AnnotationSpec.builder(JSON_PROPERTY).addMember("value", "$S", p.json()).build());
            if (p.required()) {
                param.addAnnotation(include("ALWAYS"));
            }
            ctor.addParameter(param.build());
            doc.append("\n@param ").append(p.java()).append(' ')
                    .append(p.required() ? "required" : "optional").append(p.nullable() ? ", nullable" : "")
                    .append(p.description().isBlank() ? "" : ": " + JavaSources.doc(p.description()).replace('\n', ' '));
        }
        if (r.additionalProperties() != null) {
            TypeName map = ParameterizedTypeName.get(ClassName.get(Map.class), ClassName.get(String.class), r.additionalProperties());
            ctor.addParameter(ParameterSpec.builder(map, "additionalProperties")
                    .addAnnotation(ANY_SETTER).addAnnotation(ANY_GETTER).build());
            doc.append("\n@param additionalProperties the properties not listed above");
        }
        type.recordConstructor(ctor.build());
        type.addJavadoc("$L\n", doc.toString());
        for (ClassName i : r.interfaces()) {
            type.addSuperinterface(i);
        }
        if (!r.interfaces().isEmpty()) {
            // read on its own (a property or a body of this record's type) it needs no type id: Jackson
            // would otherwise take its sealed interfaces' @JsonTypeInfo and demand the discriminator first
            type.addAnnotation(AnnotationSpec.builder(TYPE_INFO).addMember("use", "$T.Id.NONE", TYPE_INFO).build());
        }
        return type;
    }

    private static AnnotationSpec include(String how) {
        return AnnotationSpec.builder(JSON_INCLUDE).addMember("value", "$T.$L", INCLUDE, how).build();
    }

    private TypeSpec.Builder enumType(Model.Enum e) {
        TypeName v = e.valueType();
        TypeSpec.Builder type = TypeSpec.enumBuilder(e.name()).addModifiers(Modifier.PUBLIC)
                .addAnnotation(JavaSources.generated())
                .addJavadoc("$L\n", describe(e.description(), "Schema " + e.pointer() + ".")
                        + "\n\n<p>Each constant carries its JSON value, which {@link #value()} returns and Jackson writes.");
        for (Map.Entry<String, JsonNode> c : e.constants().entrySet()) {
            type.addEnumConstant(c.getKey(), TypeSpec.anonymousClassBuilder("$L", literal(c.getValue())).build());
        }
        type.addField(FieldSpec.builder(v, "value", Modifier.PRIVATE, Modifier.FINAL).build());
        type.addMethod(MethodSpec.constructorBuilder().addParameter(v, "value").addStatement("this.value = value").build());
        type.addMethod(MethodSpec.methodBuilder("value").addModifiers(Modifier.PUBLIC).addAnnotation(JSON_VALUE)
                .addJavadoc("The JSON value.\n").returns(v).addStatement("return value").build());
        type.addMethod(MethodSpec.methodBuilder("fromValue").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addAnnotation(JSON_CREATOR).addJavadoc("The constant of a JSON value.\n\n@throws IllegalArgumentException for any other value\n")
                .returns(e.name()).addParameter(v, "value")
                .beginControlFlow("for ($T c : values())", e.name())
                .beginControlFlow("if (c.value.equals(value))").addStatement("return c").endControlFlow()
                .endControlFlow()
                .addStatement("throw new $T($S + value)", IllegalArgumentException.class, "not a value of " + e.name().simpleName() + ": ")
                .build());
        type.addMethod(MethodSpec.methodBuilder("toString").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(String.class).addStatement("return $T.valueOf(value)", String.class).build());
        return type;
    }

    private static CodeBlock literal(JsonNode v) {
        if (v.isTextual()) {
            return CodeBlock.of("$S", v.asText());
        }
        if (v.isIntegralNumber()) {
            return CodeBlock.of("$LL", v.asText());
        }
        if (v.isNumber()) {
            double d = v.doubleValue();
            return CodeBlock.of("$L", Double.toString(d));
        }
        return CodeBlock.of("$L", v.asBoolean());
    }

    private TypeSpec.Builder union(Model.Union u) {
        TypeSpec.Builder type = TypeSpec.interfaceBuilder(u.name()).addModifiers(Modifier.PUBLIC, Modifier.SEALED)
                .addAnnotation(JavaSources.generated())
                .addJavadoc("$L\n", describe(u.description(), "Schema " + u.pointer() + ".")
                        + "\n\n<p>One of its variants, told apart by the {@code " + JavaSources.doc(u.property()) + "} property.");
        type.addAnnotation(AnnotationSpec.builder(TYPE_INFO)
                .addMember("use", "$T.Id.NAME", TYPE_INFO)
                .addMember("include", "$T.As.EXISTING_PROPERTY", TYPE_INFO)
                .addMember("property", "$S", u.property())
                .addMember("visible", "true").build());
        AnnotationSpec.Builder subTypes = AnnotationSpec.builder(SUB_TYPES);
        for (Map.Entry<ClassName, List<String>> v : u.variants().entrySet()) {
            CodeBlock.Builder names = CodeBlock.builder().add("{");
            for (int i = 0; i < v.getValue().size(); i++) {
                names.add(i == 0 ? "$S" : ", $S", v.getValue().get(i));
            }
            names.add("}");
            subTypes.addMember("value", "$L", AnnotationSpec.builder(ClassName.get(JACKSON, "JsonSubTypes", "Type"))
                    .addMember("value", "$T.class", v.getKey()).addMember("names", "$L", names.build()).build());
            type.addPermittedSubclass(v.getKey());
        }
        type.addAnnotation(subTypes.build());
        return type;
    }

    private static String describe(String description, String fallback) {
        return description == null || description.isBlank() ? fallback : JavaSources.doc(description);
    }
}
