package io.lumen.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.lumen.codegen.operation.OperationModel;

import javax.lang.model.element.Modifier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes an operation's API: {@code <Op>Api} (the interface the user implements; its default
 * method answers the stub), {@code <Op>Request} (the typed parameters and body) and
 * {@code <Op>Response} (one record per documented status, factories, the response table).
 */
public final class ApiWriter {
    static final ClassName EXCHANGE = ClassName.get("io.undertow.server", "HttpServerExchange");
    static final ClassName API_RESPONSE = ClassName.get("io.lumen.rest", "ApiResponse");
    static final ClassName RESPONSE_TYPE = ClassName.get("io.lumen.rest", "ResponseType");
    static final ClassName EXAMPLES = ClassName.get("io.lumen.rest", "Examples");
    static final ClassName TYPE_REFERENCE = ClassName.get("com.fasterxml.jackson.core.type", "TypeReference");

    private final JavaSources sources;

    public ApiWriter(JavaSources sources) {
        this.sources = sources;
    }

    ClassName api(OperationModel op) {
        return ClassName.get(sources.api(), op.type() + "Api");
    }

    ClassName request(OperationModel op) {
        return ClassName.get(sources.api(), op.type() + "Request");
    }

    ClassName response(OperationModel op) {
        return ClassName.get(sources.api(), op.type() + "Response");
    }

    /** The three files of {@code op}, path to text. */
    public Map<String, String> write(OperationModel op) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(JavaSources.path(sources.api(), api(op).simpleName()), sources.generatedFile(sources.api(), apiType(op)));
        files.put(JavaSources.path(sources.api(), request(op).simpleName()), sources.generatedFile(sources.api(), requestType(op)));
        files.put(JavaSources.path(sources.api(), response(op).simpleName()), sources.generatedFile(sources.api(), responseType(op)));
        return files;
    }

    static String title(OperationModel op) {
        String id = op.operation().operationId() == null ? "" : op.operation().operationId() + ": ";
        return id + op.operation().method() + " " + op.operation().template();
    }

    private TypeSpec.Builder apiType(OperationModel op) {
        String summary = op.summary().isBlank() ? "" : "\n\n<p>" + JavaSources.doc(op.summary());
        MethodSpec method = MethodSpec.methodBuilder(op.method()).addModifiers(Modifier.PUBLIC, Modifier.DEFAULT)
                .returns(response(op))
                .addParameter(request(op), "request")
                .addParameter(EXCHANGE, "exchange")
                .addException(Exception.class)
                .addJavadoc("$L\n", "Answers " + JavaSources.doc(title(op)) + "." + summary
                        + "\n\n<p>Until implemented: the spec's example of " + op.stub().statusKey()
                        + " (or a value synthesized from its schema)."
                        + "\n\n@param request  the parameters and body, converted and validated by the spec"
                        + "\n@param exchange the HTTP exchange, for headers, the verified token or answering by yourself"
                        + "\n@return the answer; anything thrown goes to the exception middleware (a StatusException keeps its status)"
                        + "\n@throws Exception whatever the implementation throws")
                .addStatement("return $T.example()", response(op)).build();
        return TypeSpec.interfaceBuilder(api(op)).addModifiers(Modifier.PUBLIC).addAnnotation(JavaSources.generated())
                .addJavadoc("$L\n", "The operation " + JavaSources.doc(title(op)) + ". Implement it in {@code "
                        + sources.impl() + "." + op.type() + "Impl}, a class with a public (ServiceContext) constructor;"
                        + "\nwithout one the operation answers its example. Called on the IO thread, unless the implementation"
                        + "\nalso implements {@code io.lumen.handler.Blocking} and its {@code blocks()} (read once at startup) is true.")
                .addMethod(method);
    }

    private TypeSpec.Builder requestType(OperationModel op) {
        MethodSpec.Builder ctor = MethodSpec.constructorBuilder();
        StringBuilder doc = new StringBuilder("The input of " + JavaSources.doc(title(op))
                + ": parameters converted by their schemas, and the body.");
        for (OperationModel.Param p : op.params()) {
            ctor.addParameter(ParameterSpec.builder(p.type(), p.java()).build());
            doc.append("\n@param ").append(p.java()).append(' ').append(p.in().label()).append(" parameter '")
                    .append(JavaSources.doc(p.name())).append("', ").append(p.required() ? "required" : "optional (null when absent)")
                    .append(p.description().isBlank() ? "" : ": " + JavaSources.doc(p.description()).replace('\n', ' '));
        }
        if (op.body() != null) {
            ctor.addParameter(ParameterSpec.builder(op.body().type(), op.body().java()).build());
            doc.append("\n@param ").append(op.body().java()).append(" the body (").append(op.body().mediaType()).append("), ")
                    .append(op.body().required() ? "required" : "optional (null when absent)");
        }
        return TypeSpec.recordBuilder(request(op)).addModifiers(Modifier.PUBLIC).addAnnotation(JavaSources.generated())
                .addJavadoc("$L\n", doc.toString()).recordConstructor(ctor.build());
    }

    private TypeSpec.Builder responseType(OperationModel op) {
        ClassName self = response(op);
        TypeSpec.Builder type = TypeSpec.interfaceBuilder(self).addModifiers(Modifier.PUBLIC)
                .addSuperinterface(API_RESPONSE).addAnnotation(JavaSources.generated())
                .addJavadoc("$L\n", "The answers of " + JavaSources.doc(title(op)) + ": one record per documented status.");
        CodeBlock.Builder table = CodeBlock.builder().add("$T.of(", List.class);
        List<OperationModel.Reply> replies = op.replies();
        for (int i = 0; i < replies.size(); i++) {
            OperationModel.Reply r = replies.get(i);
            table.add(i == 0 ? "\n$L" : ",\n$L", responseTypeEntry(r));
            type.addType(replyRecord(self, r));
            type.addMethod(factory(self, r));
        }
        table.add(")");
        type.addField(FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(List.class), RESPONSE_TYPE), "TYPES")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The documented responses, for the adapter's writers.\n").initializer(table.build()).build());
        type.addMethod(example(self, op));
        return type;
    }

    private static CodeBlock responseTypeEntry(OperationModel.Reply r) {
        return switch (r.kind()) {
            case NONE -> CodeBlock.of("$T.empty($S)", RESPONSE_TYPE, r.statusKey());
            case TEXT -> CodeBlock.of("$T.text($S, $S)", RESPONSE_TYPE, r.statusKey(), r.mediaType());
            case BYTES -> CodeBlock.of("$T.bytes($S, $S)", RESPONSE_TYPE, r.statusKey(), r.mediaType());
            case JSON -> CodeBlock.of("$T.json($S, $S, $L)", RESPONSE_TYPE, r.statusKey(), r.mediaType(), typeReference(r.type()));
        };
    }

    static CodeBlock typeReference(TypeName t) {
        return CodeBlock.of("new $T<$T>() { }", TYPE_REFERENCE, t.isPrimitive() ? t.box() : t);
    }

    private static TypeSpec replyRecord(ClassName self, OperationModel.Reply r) {
        MethodSpec.Builder ctor = MethodSpec.constructorBuilder();
        TypeSpec.Builder rec = TypeSpec.recordBuilder(r.record()).addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addSuperinterface(self);
        String doc = r.statusKey() + (r.description().isBlank() ? "" : ": " + JavaSources.doc(r.description()))
                + (r.mediaType() == null ? " (no content)" : " (" + r.mediaType() + ")");
        if (r.variableStatus()) {
            ctor.addParameter(TypeName.INT, "status");
            doc += "\n@param status the HTTP status" + (r.statusKey().equals("default") ? "" : " (" + r.statusKey() + ")");
        } else {
            rec.addMethod(MethodSpec.methodBuilder("status").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                    .returns(TypeName.INT).addStatement("return $L", r.status()).build());
        }
        if (r.type() != null) {
            ctor.addParameter(r.type(), "body");
            doc += "\n@param body the body";
        } else {
            rec.addMethod(MethodSpec.methodBuilder("body").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                    .returns(Object.class).addStatement("return null").build());
        }
        return rec.recordConstructor(ctor.build()).addJavadoc("$L\n", doc).build();
    }

    private static MethodSpec factory(ClassName self, OperationModel.Reply r) {
        String name = r.statusKey().equals("default") ? "otherStatus" : "status" + r.record().substring("Status".length());
        MethodSpec.Builder m = MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(self)
                .addJavadoc("$L\n", "A " + r.statusKey() + " answer.");
        CodeBlock.Builder args = CodeBlock.builder();
        if (r.variableStatus()) {
            m.addParameter(TypeName.INT, "status");
            args.add("status");
        }
        if (r.type() != null) {
            m.addParameter(r.type(), "body");
            args.add(r.variableStatus() ? ", body" : "body");
        }
        return m.addStatement("return new $L($L)", r.record(), args.build()).build();
    }

    /**
     * A string literal; a long one (a class file holds constants of at most 65535 bytes) as
     * {@code String.join} of pieces, which is not a constant expression and so is joined at run time.
     */
    static CodeBlock literal(String text) {
        int piece = 8192;
        if (text.length() <= piece) {
            return CodeBlock.of("$S", text);
        }
        CodeBlock.Builder b = CodeBlock.builder().add("$T.join(\"\"", String.class);
        for (int i = 0; i < text.length(); ) {
            int end = Math.min(text.length(), i + piece);
            if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
                end--; // never split a surrogate pair
            }
            b.add(",\n$S", text.substring(i, end));
            i = end;
        }
        return b.add(")").build();
    }

    private static MethodSpec example(ClassName self, OperationModel op) {
        OperationModel.Reply r = op.stub();
        CodeBlock.Builder args = CodeBlock.builder();
        if (r.variableStatus()) {
            args.add("$L", r.status());
        }
        if (r.type() != null) {
            args.add(r.variableStatus() ? ", " : "");
            CodeBlock text = literal(op.stubValue());
            switch (r.kind()) {
                case TEXT -> args.add("$T.text($L)", EXAMPLES, text);
                case BYTES -> args.add("$T.bytes($L)", EXAMPLES, text);
                default -> args.add("$T.read($L, $L)", EXAMPLES, text, typeReference(r.type()));
            }
        }
        return MethodSpec.methodBuilder("example").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(self)
                .addJavadoc("$L\n", "The stub's answer: " + r.statusKey() + " with the spec's example or a value synthesized"
                        + " from the schema\n(checked against it when generated).")
                .addStatement("return new $L($L)", r.record(), args.build()).build();
    }

}
