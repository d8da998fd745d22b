package io.lumen.codegen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Constructs that make a generated test request fail are warned about at generation (issue 26 item 8). */
class GenerationWarningsTest {
    @TempDir
    Path dir;

    @Test
    void aRequiredParameterWithoutAnyValidValueIsWarnedAbout() {
        GeneratedProject p = GeneratedProject.generate(GeneratedProject.spec("unsatisfiable-parameter.yaml"), dir);
        assertEquals(0, p.exit, p.err);
        assertTrue(p.err.contains("warning: no valid value for a stub or test request (it will fail) (1): "), p.err);
        assertTrue(p.err.contains("/paths/~1codes~1{code}/get/parameters/0/schema: no valid value could be synthesized for the "
                + "required parameter path.code of the test request ("), p.err);
    }

    @Test
    void aRequiredListThatRepeatsANameIsWarnedAboutAtEveryDepthButNotInExamples() {
        GeneratedProject p = GeneratedProject.generate(GeneratedProject.spec("repeated-required.yaml"), dir, "--verbose");
        assertEquals(0, p.exit, p.err);
        String schema = "/paths/~1containers/get/responses/200/content/application~1json/schema";
        assertTrue(p.err.contains(schema + "/required: required lists 'id' more than once"), p.err);
        assertTrue(p.err.contains(schema + "/properties/example/required: required lists 'a' more than once"), p.err);
        assertTrue(!p.err.contains("'x'"), "the example's data is not a schema: " + p.err);
    }

    /**
     * An unquoted {@code NO} in the spec's own file is Norway: specs are read by YAML 1.2's core schema
     * (YAML 1.1 made it {@code false}, and the enum a {@code JsonNode} with a warning).
     */
    @Test
    void anUnquotedNoInAnEnumIsNorwayNotAYaml11Boolean() throws Exception {
        GeneratedProject p = GeneratedProject.generate(GeneratedProject.spec("yaml11-enum.yaml"), dir);
        assertEquals(0, p.exit, p.err);
        assertTrue(!p.err.contains("enum values of different JSON types"), p.err);
        try (var files = Files.walk(dir)) {
            assertTrue(files.filter(f -> f.toString().endsWith(".java")).anyMatch(f -> {
                try {
                    return Files.readString(f).contains("NO(\"NO\")");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }), "an enum constant NO(\"NO\") in the generated code");
        }
    }

    /** A pattern Java's regular expressions cannot compile is named in the spec's terms, not the regex engine's exception. */
    @Test
    void aPatternJavaCannotCompileIsNamedWithoutTheLibrarysException() {
        GeneratedProject p = GeneratedProject.generate(GeneratedProject.spec("js-regex.yaml"), dir);
        assertTrue(p.exit != 0, p.err);
        assertTrue(p.err.contains("js-regex.yaml:19: /paths/~1users~1{name}/get/responses/200/content/application~1json/schema: "
                + "schema cannot be compiled: a pattern is not a regular expression Java can compile"), p.err);
        assertTrue(!p.err.contains("java.util.regex") && !p.err.contains("Exception"), p.err);
    }

    @Test
    void aDeclaredErrorResponseLumensRejectionsCannotFillIsWarnedAboutWithWhy() {
        // issue 26 item 1: generation says which operations' rejections fall back to Lumen's error JSON, and why
        GeneratedProject p = GeneratedProject.generate(GeneratedProject.spec("unfillable-error.yaml"), dir, "--verbose");
        assertEquals(0, p.exit, p.err);
        assertTrue(p.err.contains("/paths/~1orders/get/responses/400: 400: Lumen's own rejections answer Lumen's error JSON here"), p.err);
        assertTrue(p.err.contains("traceId"), "the reason names the property nothing fills: " + p.err);
        assertTrue(p.err.contains("SpecErrorMapper"), "the fix the user owns: " + p.err);
        assertTrue(!p.err.contains("/responses/404:"), "problem details are built in: " + p.err);
    }

    /**
     * Xero's Files API: examples written as JSON text in a string pass a schema without {@code type} (a string is not
     * an object), but the record the schema's properties make cannot bind them; the stub and the test request use
     * a synthesized object instead, so the generated test does not fail on the spec's example.
     */
    @Test
    void aStringExampleOfASchemaThatBecomesARecordIsReplaced() throws Exception {
        GeneratedProject p = GeneratedProject.generate(GeneratedProject.spec("string-examples.yaml"), dir, "--verbose");
        assertEquals(0, p.exit, p.err);
        assertTrue(p.err.contains("/paths/~1Folders/post/requestBody/content/application~1json: the example does not match its schema"
                + " (a string where the generated Java type is an object); the test request body uses a synthesized value"), p.err);
        assertTrue(p.err.contains("/paths/~1Folders/post/responses/200/content/application~1json: the example does not match its schema"
                + " (a string where the generated Java type is an object)"), p.err);
        Path file;
        try (var files = Files.walk(dir.resolve("src/test/java"))) {
            file = files.filter(f -> f.endsWith("CreateFolderTest.java")).findFirst().orElseThrow();
        }
        String test = Files.readString(file);
        assertTrue(!test.contains("My Docs") && test.contains("assets"), "the test request is built from the properties' examples: " + test);
    }

    /** Xero's Projects API: in 3.0 a {@code type} beside a {@code $ref} is ignored, so the test request's rate is an Amount object. */
    @Test
    void aTypeBesideARefIn30DoesNotStopTheTestRequest() throws Exception {
        GeneratedProject p = GeneratedProject.generate(GeneratedProject.spec("ref-type-sibling.yaml"), dir, "--verbose");
        assertEquals(0, p.exit, p.err);
        assertTrue(!p.err.contains("no valid value"), p.err);
        Path file;
        try (var files = Files.walk(dir.resolve("src/test/java"))) {
            file = files.filter(f -> f.endsWith("CreateTaskTest.java")).findFirst().orElseThrow();
        }
        String test = Files.readString(file);
        assertTrue(test.contains("\\\"rate\\\":{"), "rate is an object: " + test);
    }
}
