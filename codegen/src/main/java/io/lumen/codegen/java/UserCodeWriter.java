package io.lumen.codegen.java;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.lumen.codegen.datasource.Datasource;
import io.lumen.codegen.operation.OperationModel;

import javax.lang.model.element.Modifier;
import java.util.List;
import java.util.Map;

/**
 * Writes the files the user owns, once: {@code <Op>Impl} (implements the API by calling its stub,
 * with a TODO; with a database, also {@code io.lumen.handler.Blocking} and holding the named pool) and
 * {@code <Op>Test} (calls the operation on a running service with response
 * validation enforced and checks the documented status and media type).
 */
public final class UserCodeWriter {
    private static final ClassName SERVICE_CONTEXT = ClassName.get("io.lumen.server", "ServiceContext");
    private static final ClassName EXTENSION = ClassName.get("io.lumen.testkit", "LumenServiceExtension");
    private static final ClassName REGISTER = ClassName.get("org.junit.jupiter.api.extension", "RegisterExtension");
    private static final ClassName TEST = ClassName.get("org.junit.jupiter.api", "Test");
    private static final ClassName ASSERTIONS = ClassName.get("org.junit.jupiter.api", "Assertions");
    private static final ClassName HTTP_RESPONSE = ClassName.get("java.net.http", "HttpResponse");
    private static final ClassName BLOCKING = ClassName.get("io.lumen.handler", "Blocking");
    private static final ClassName DATA_SOURCES = ClassName.get("io.lumen.datasource", "DataSources");
    private static final ClassName JDBC_POOL = ClassName.get("io.lumen.datasource", "JdbcPool");

    private final JavaSources sources;
    private final ApiWriter api;
    private final HandlerWriter handlers;
    private final Datasource datasource;

    /** @param datasource the project's database, or null: the implementations then hold no pool */
    public UserCodeWriter(JavaSources sources, ApiWriter api, HandlerWriter handlers, Datasource datasource) {
        this.sources = sources;
        this.api = api;
        this.handlers = handlers;
        this.datasource = datasource;
    }

    /** {@code src/main/java}-relative path and text of the implementation. */
    public Map.Entry<String, String> impl(OperationModel op) {
        ClassName self = handlers.impl(op);
        MethodSpec.Builder ctor = MethodSpec.constructorBuilder().addModifiers(Modifier.PUBLIC).addParameter(SERVICE_CONTEXT, "context")
                .addJavadoc("@param context the service: config, errors, shared objects ({@code context.shared(...)})\n");
        MethodSpec.Builder method = MethodSpec.methodBuilder(op.method()).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(api.response(op)).addParameter(api.request(op), "request")
                .addParameter(ApiWriter.EXCHANGE, "exchange").addException(Exception.class);
        TypeSpec.Builder type = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(api.api(op));
        String doc = "Implements " + JavaSources.doc(ApiWriter.title(op)) + ".\n\n<p>This file is yours: lumen-codegen"
                + " wrote it once and never changes it. The generated adapter\ncreates one instance per service"
                + " with the constructor below and calls it";
        if (datasource == null) {
            type.addJavadoc("$L\n", doc + " on the IO thread (implement\n{@code io.lumen.handler.Blocking}"
                    + " to be called on a blocking executor instead; its {@code blocks()},\nread once at startup, may"
                    + " decide by configuration).");
            method.addComment("TODO implement; until then this answers the spec's example");
        } else {
            String pool = datasource.pool();
            // Blocking: the adapter reports itself blocking, so the chain moves the request to a virtual
            // thread (Java 21+) or the worker pool before calling this: JDBC never runs on an IO thread
            type.addSuperinterface(BLOCKING)
                    .addJavadoc("$L\n", doc + "\non a virtual thread (Java 21+) or the worker pool, never on an IO thread: it is\n{@link Blocking}"
                            + " (its {@code blocks()}, read once at startup, is true), so it may borrow"
                            + " connections of the pool {@code " + pool + "} of config/datasource.yml.")
                    .addField(FieldSpec.builder(JDBC_POOL, "db", Modifier.PRIVATE, Modifier.FINAL)
                            .addJavadoc("The pool {@code $L} of config/datasource.yml: {@code db.dataSource()} is its {@link javax.sql.DataSource}.\n",
                                    pool).build());
            ctor.addStatement("this.db = $T.of(context).pool($S)", DATA_SOURCES, pool);
            method.addComment("TODO implement with the database; until then this answers the spec's example. For instance:")
                    .addComment("  try (Connection c = db.dataSource().getConnection();")
                    .addComment("       PreparedStatement s = c.prepareStatement(\"select ... where id = ?\")) {")
                    .addComment("      ...")
                    .addComment("  } catch (SQLException e) {")
                    .addComment("      throw db.failure(e); // 503 busy or unreachable, 504 timeout, 500 other: error JSON")
                    .addComment("  }");
        }
        type.addMethod(ctor.build())
                .addMethod(method.addStatement("return $T.super.$L(request, exchange)", api.api(op), op.method()).build());
        return Map.entry(JavaSources.path(sources.impl(), self.simpleName()), sources.userFile(sources.impl(), type));
    }

    /** {@code src/test/java}-relative path and text of the operation's test. */
    public Map.Entry<String, String> test(OperationModel op) {
        ClassName self = ClassName.get(sources.basePackage(), op.type() + "Test");
        ClassName support = ClassName.get(sources.basePackage(), "TestSupport");
        OperationModel.TestCall call = op.call();
        CodeBlock.Builder headers = CodeBlock.builder().add("$T.of(", Map.class);
        int i = 0;
        for (Map.Entry<String, String> h : call.headers().entrySet()) {
            headers.add(i++ == 0 ? "$S, $S" : ", $S, $S", h.getKey(), h.getValue());
        }
        headers.add(")");
        CodeBlock.Builder scopes = CodeBlock.builder().add(", $T.of(", List.class);
        for (int n = 0; n < op.testSchemes().size(); n++) {
            scopes.add(n == 0 ? "$S" : ", $S", op.testSchemes().get(n));
        }
        scopes.add(")");
        for (String s : call.scopes()) {
            scopes.add(", $S", s);
        }
        String expectedType = op.stub().mediaType() == null ? null
                : op.stub().mediaType().contains("*") ? null : op.stub().mediaType();
        CodeBlock send = CodeBlock.of("$T<String> response = $T.send(SERVICE, $S, $S, $L, $S, $S$L)", HTTP_RESPONSE, support,
                op.operation().method(), call.target(), headers.build(), call.contentType(), call.body(), scopes.build());
        // no requirement names only schemes Lumen checks (an undeclared name, http digest, mutualTLS): the
        // service refuses every request, which is what the test can hold it to
        boolean refused = op.secured() && op.testSchemes().isEmpty();
        MethodSpec.Builder test = MethodSpec.methodBuilder(op.method() + (refused ? "IsRefusedWithoutASchemeLumenChecks"
                        : "AnswersItsDocumentedStatus")).addAnnotation(TEST).addException(Exception.class);
        if (refused) {
            test.addJavadoc("$L\n", "Every security requirement of this operation names a scheme Lumen does not check (see the"
                            + " generation warning), so the service answers 401 until the spec declares a scheme Lumen checks.")
                    .addStatement(send)
                    .addStatement("$T.assertEquals(401, response.statusCode(), response::body)", ASSERTIONS);
        } else {
            test.addJavadoc("$L\n", "Until the operation is implemented this is its stub: status " + op.stub().status()
                            + (op.stub().mediaType() == null ? "" : " and the body, which response validation checks against the spec") + ".")
                    .addStatement(send)
                    .addStatement("$T.assertEquals($L, response.statusCode(), response::body)", ASSERTIONS, op.stub().status())
                    .addStatement("$T.assertBody(response, $S)", support, expectedType);
        }
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addJavadoc("$L\n", "Tests " + JavaSources.doc(ApiWriter.title(op)) + " on a running service (free port,"
                        + " response validation enforced).\nThis file is yours: lumen-codegen wrote it once and never changes it.")
                .addField(FieldSpec.builder(EXTENSION, "SERVICE", Modifier.STATIC, Modifier.FINAL)
                        .addAnnotation(AnnotationSpec.builder(REGISTER).build())
                        .initializer("$T.service()", support).build())
                .addMethod(test.build());
        return Map.entry(JavaSources.path(sources.basePackage(), self.simpleName()), sources.userFile(sources.basePackage(), type));
    }
}
