package io.lumen.codegen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated README names the spec file the project really has and first shows a request that succeeds. */
class GeneratedReadmeTest {
    private static final String SPEC = """
            openapi: 3.0.3
            info: {title: Reports, version: '1'}
            paths:
              /archive:
                get:
                  operationId: aArchive
                  responses:
                    '410': {description: gone for good}
              /reports:
                get:
                  operationId: bReports
                  parameters:
                    - {name: X-Tenant, in: header, required: true, schema: {type: string}}
                  responses:
                    '200': {description: ok}
              /reports/{id}:
                get:
                  operationId: cReport
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: integer, minimum: 7}}
                  responses:
                    '200':
                      description: one report
                      content:
                        application/json:
                          schema: {type: object, properties: {id: {type: integer}}}
            """;

    @Test
    void aYmlSpecIsNamedAsCopiedAndTheFirstCurlIsAnOperationThatSucceeds(@TempDir Path dir) throws Exception {
        Path spec = dir.resolve("reports.yml");
        Files.writeString(spec, SPEC);
        GeneratedProject p = GeneratedProject.generate(spec, dir.resolve("out"));
        assertEquals(0, p.exit, p.err);
        assertTrue(Files.isRegularFile(dir.resolve("out/config/openapi.yml")));
        String readme = Files.readString(dir.resolve("out/README.md"));
        assertFalse(readme.contains("openapi.yaml"), readme);
        assertTrue(readme.contains("java -jar lumen-codegen.jar generate -i config/openapi.yml -o ."), readme);
        assertTrue(readme.contains("Edit `config/openapi.yml` and build again"), readme);
        // not /archive (documented 410), not /reports (needs a header): the path-parameter operation, with a valid id
        assertTrue(readme.contains("Try an operation with `curl -i 'http://localhost:8080/reports/7'`"), readme);
        String pom = Files.readString(dir.resolve("out/pom.xml"));
        assertTrue(pom.contains("<spec>${project.basedir}/config/openapi.yml</spec>"), pom);
    }
}
