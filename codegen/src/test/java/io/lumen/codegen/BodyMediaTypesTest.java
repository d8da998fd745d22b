package io.lumen.codegen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A request body declared in several media types: the adapter binds JSON and forms to the typed body;
 * a declared type it cannot bind (XML here) is warned about at generation and answered 415, never
 * handed to the implementation as a null body.
 */
class BodyMediaTypesTest {
    private static final String SPEC = """
            openapi: 3.0.3
            info: {title: Notes, version: 1.0.0}
            paths:
              /notes:
                post:
                  operationId: addNote
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/Note'}
                      application/xml:
                        schema: {$ref: '#/components/schemas/Note'}
                      application/x-www-form-urlencoded:
                        schema: {$ref: '#/components/schemas/Note'}
                  responses:
                    '201':
                      description: stored
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Note'}
                    '415':
                      description: a media type this service does not read (declared, as the test service enforces responses)
                      content:
                        application/json:
                          schema: {type: object, required: [code]}
            components:
              schemas:
                Note:
                  type: object
                  required: [text]
                  properties:
                    text: {type: string}
                    stars: {type: integer}
            """;

    @Test
    void xmlIsWarnedAboutWithItsLineAndAnswered415WhileJsonAndFormsAreBound(@TempDir Path dir) throws Exception {
        Path spec = dir.resolve("notes.yaml");
        Files.writeString(spec, SPEC);
        GeneratedProject project = GeneratedProject.generate(spec, dir.resolve("out"));
        assertEquals(0, project.exit, project.err);
        assertTrue(project.err.contains("notes.yaml:12: /paths/~1notes/post/requestBody/content/application~1xml: "
                + "the generated adapter binds JSON and form bodies to its request type; a request sent as application/xml "
                + "gets 415 ERR19001"), project.err);
        assertTrue(!project.err.contains("application~1json") && !project.err.contains("x-www-form"), project.err);
        assertEquals("", project.compile());
        try (GeneratedProject.Running service = project.start(Map.of())) {
            service.expect(201, "POST", "/notes", "application/json", "{\"text\":\"hi\"}");
            service.expect(201, "POST", "/notes", "application/x-www-form-urlencoded", "text=hi&stars=2");
            HttpResponse<String> xml = service.expect(415, "POST", "/notes", "application/xml", "<note><text>hi</text></note>");
            assertTrue(xml.body().contains("\"code\":\"ERR19001\"") && xml.body().contains("application/xml"), xml.body());
        }
    }
}
