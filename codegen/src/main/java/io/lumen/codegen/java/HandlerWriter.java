package io.lumen.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.lumen.codegen.operation.OperationModel;

import javax.lang.model.element.Modifier;
import java.util.Map;

/**
 * Writes an operation's adapter, {@code <Op>Handler}: an {@code io.lumen.rest.OperationHandler}
 * that builds the typed request from the validator's converted values (primitives read directly,
 * other types through a Jackson reader prepared at startup, from the already-parsed tree) and calls
 * the implementation, or the interface's stub when the project has no {@code <Op>Impl} yet. The
 * adapter is an {@code io.lumen.handler.Blocking} whose {@code blocks()} answers whether the
 * implementation is {@code Blocking} and blocks (false for any other): the chain engine reads it
 * once when it links the route and then dispatches the request off the IO thread before the adapter,
 * so a JDBC implementation never runs on an IO thread and a non-blocking one costs nothing more.
 */
public final class HandlerWriter {
    private static final ClassName OPERATION_HANDLER = ClassName.get("io.lumen.rest", "OperationHandler");
    private static final ClassName SERVICE_CONTEXT = ClassName.get("io.lumen.server", "ServiceContext");
    private static final ClassName VALIDATED = ClassName.get("io.lumen.validator.validation", "ValidatedRequest");
    private static final ClassName OBJECT_READER = ClassName.get("com.fasterxml.jackson.databind", "ObjectReader");
    private static final ClassName BLOCKING = ClassName.get("io.lumen.handler", "Blocking");

    private final JavaSources sources;
    private final ApiWriter api;

    public HandlerWriter(JavaSources sources, ApiWriter api) {
        this.sources = sources;
        this.api = api;
    }

    /** The adapter's class name, as handler.yml lists it. */
    public ClassName handler(OperationModel op) {
        return ClassName.get(sources.handler(), op.type() + "Handler");
    }

    /** The implementation class the user owns. */
    public ClassName impl(OperationModel op) {
        return ClassName.get(sources.impl(), op.type() + "Impl");
    }

    /** The adapter's file; {@code implemented}: the project has {@code <Op>Impl}. */
    public Map.Entry<String, String> write(OperationModel op, boolean implemented) {
        ClassName self = handler(op);
        TypeSpec.Builder type = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .superclass(OPERATION_HANDLER).addSuperinterface(BLOCKING).addAnnotation(JavaSources.generated())
                .addJavadoc("$L\n", "The adapter of " + JavaSources.doc(ApiWriter.title(op)) + ": binds the validated request to {@link "
                        + api.request(op).simpleName() + "},\ncalls " + (implemented ? "{@code " + impl(op).simpleName() + "}"
                        : "the stub (no {@code " + impl(op).canonicalName() + "} yet)") + " and writes its answer.\n"
                        + "On the IO thread, or on the blocking executor when the implementation blocks (see {@link #blocks()}).");
        type.addField(FieldSpec.builder(api.api(op), "api", Modifier.PRIVATE, Modifier.FINAL).build());
        MethodSpec.Builder ctor = MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                .addParameter(SERVICE_CONTEXT, "context")
                .addJavadoc("Created once by handler.yml.\n\n@param context the service\n");
        if (implemented) {
            ctor.addStatement("this(context, new $T(context))", impl(op));
        } else {
            ctor.addStatement("this(context, new $T() { })", api.api(op));
        }
        type.addMethod(ctor.build());
        MethodSpec.Builder with = MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC)
                .addParameter(SERVICE_CONTEXT, "context").addParameter(api.api(op), "api")
                .addJavadoc("With a given implementation, e.g. in tests.\n\n@param context the service\n@param api the implementation\n")
                .addStatement("super(context, $S, $T.TYPES)", op.operation().operationId() == null ? op.method()
                        : op.operation().operationId(), api.response(op))
                .addStatement("this.api = api");
        CodeBlock.Builder args = CodeBlock.builder();
        int i = 0;
        for (OperationModel.Param p : op.params()) {
            String getter = switch (p.in()) {
                case PATH -> "path";
                case QUERY -> "query";
                case HEADER -> "header";
                case COOKIE -> "cookie";
            };
            CodeBlock value = CodeBlock.of("request.$L($S)", getter, p.name());
            String location = p.in().label() + "." + p.name();
            CodeBlock arg = switch (p.binding()) {
                case STRING -> CodeBlock.of("string($L)", value);
                case INT32 -> CodeBlock.of("int32($L)", value);
                case INT64 -> CodeBlock.of("int64($L, $S)", value, location);
                case BOOL -> CodeBlock.of("bool($L)", value);
                case NUMBER -> CodeBlock.of("number($L)", value);
                case READER -> {
                    String field = p.java() + "ParamReader";
                    type.addField(FieldSpec.builder(OBJECT_READER, field, Modifier.PRIVATE, Modifier.FINAL).build());
                    with.addStatement("this.$L = reader($L)", field, ApiWriter.typeReference(p.type()));
                    yield CodeBlock.of("bind($L, $L, $S)", field, value, location);
                }
            };
            args.add(i++ == 0 ? "\n$L" : ",\n$L", arg);
        }
        if (op.body() != null) {
            CodeBlock arg = switch (op.body().kind()) {
                case TEXT -> CodeBlock.of("textBody(exchange)");
                case BYTES -> CodeBlock.of("rawBody(exchange)");
                default -> {
                    type.addField(FieldSpec.builder(OBJECT_READER, "bodyReader", Modifier.PRIVATE, Modifier.FINAL).build());
                    with.addStatement("this.bodyReader = reader($L)", ApiWriter.typeReference(op.body().type()));
                    yield CodeBlock.of("bindBody(bodyReader, request, exchange)");
                }
            };
            args.add(i == 0 ? "\n$L" : ",\n$L", arg);
        }
        type.addMethod(with.build());
        type.addMethod(MethodSpec.methodBuilder("blocks").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(boolean.class)
                .addJavadoc("Whether the implementation blocks: it implements {@link $T} and its {@code blocks()} says so.\n"
                        + "Read once when the route's chain is linked; the chain engine then runs this adapter off the IO thread.\n", BLOCKING)
                .addStatement("return api instanceof $T b && b.blocks()", BLOCKING)
                .build());
        type.addMethod(MethodSpec.methodBuilder("invoke").addAnnotation(Override.class).addModifiers(Modifier.PROTECTED)
                .returns(ApiWriter.API_RESPONSE).addParameter(VALIDATED, "request").addParameter(ApiWriter.EXCHANGE, "exchange")
                .addException(Exception.class)
                .addStatement("return api.$L(new $T($>$L$<), exchange)", op.method(), api.request(op), args.build())
                .build());
        return Map.entry(JavaSources.path(sources.handler(), self.simpleName()), sources.generatedFile(sources.handler(), type));
    }
}
