package io.lumen.validator.validation;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.networknt.schema.Schema;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.SpecLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every schema of a document is compiled from one reading of it: a spec with hundreds of operations
 * must not hold a parsed copy of its whole document per schema (that ran a 659-operation spec out of a
 * 6 GB heap).
 */
class SchemaCompilerTest {
    @Test
    void schemasOfOneDocumentShareItsRootAndStillResolveTheirRefs(@TempDir Path dir) throws Exception {
        StringBuilder spec = new StringBuilder("""
                openapi: 3.0.3
                info: {title: t, version: '1'}
                paths: {}
                components:
                  schemas:
                    Id: {type: integer, minimum: 1}
                """);
        for (int i = 0; i < 40; i++) {
            spec.append("    S").append(i).append(": {type: object, required: [id], properties: {id: {$ref: '#/components/schemas/Id'}}}\n");
        }
        Path file = dir.resolve("openapi.yaml");
        Files.writeString(file, spec.toString());
        OpenApiSpec openApi = SpecLoader.load(file);
        SchemaCompiler compiler = new SchemaCompiler(openApi, true, false);
        List<Schema> schemas = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            schemas.add(compiler.request("/components/schemas/S" + i));
        }
        Schema root = schemas.get(0).findLexicalRoot();
        for (Schema s : schemas) {
            assertSame(root, s.findLexicalRoot(), "one parsed document for every schema of it");
        }
        assertNotSame(root, compiler.response("/components/schemas/S0").findLexicalRoot(), "the response view is its own document");
        assertSame(schemas.get(3), compiler.request("/components/schemas/S3"), "compiled once");
        List<ValidationError> errors = new ArrayList<>();
        CompiledOperation.schema(schemas.get(7), JsonNodeFactory.instance.objectNode().put("id", 0), "body", errors);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).pointer().equals("/id") && errors.get(0).message().contains("minimum"), errors.toString());
        errors.clear();
        CompiledOperation.schema(schemas.get(7), JsonNodeFactory.instance.objectNode().put("id", 2), "body", errors);
        assertEquals(List.of(), errors);
    }
}
