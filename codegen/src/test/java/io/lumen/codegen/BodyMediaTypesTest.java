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
 * A request body declared in several media types: the adapter binds JSON, forms and multipart (file
 * parts as {@code FormPart}s with name, media type and stream) to the typed body;
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
                      multipart/form-data:
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
                          schema: {type: object, required: [code, description], properties: {code: {type: string}, description: {type: string}}}
              /uploads:
                post:
                  operationId: upload
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [title, file]
                          properties:
                            title: {type: string, maxLength: 20}
                            pages: {type: integer, minimum: 1}
                            file: {type: string, format: binary}
                            extras: {type: array, items: {type: string, format: binary}}
                  responses:
                    '201':
                      description: what arrived
                      content:
                        application/json:
                          schema: {type: object, required: [text], properties: {text: {type: string}}}
                    '400':
                      description: invalid (Lumen fills the declared shape)
                      content:
                        application/json:
                          schema: {type: object, required: [code, description], properties: {code: {type: string}, description: {type: string}}}
            components:
              schemas:
                Note:
                  type: object
                  required: [text]
                  properties:
                    text: {type: string}
                    stars: {type: integer}
            """;

    private static final String MULTIPART = "multipart/form-data; boundary=XyZ";
    private static final String END = "--XyZ--\r\n";

    private static String part(String name, String filename, String contentType, String content) {
        return "--XyZ\r\nContent-Disposition: form-data; name=\"" + name + "\"" + (filename == null ? "" : "; filename=\"" + filename + "\"")
                + (contentType == null ? "" : "\r\nContent-Type: " + contentType) + "\r\n\r\n" + content + "\r\n";
    }

    @Test
    void xmlIsWarnedAboutWithItsLineAndAnswered415WhileJsonFormsAndMultipartAreBound(@TempDir Path dir) throws Exception {
        Path spec = dir.resolve("notes.yaml");
        Files.writeString(spec, SPEC);
        GeneratedProject project = GeneratedProject.generate(spec, dir.resolve("out"));
        assertEquals(0, project.exit, project.err);
        assertTrue(project.err.contains("notes.yaml:12: /paths/~1notes/post/requestBody/content/application~1xml: "
                + "the generated adapter binds JSON, form and multipart bodies to its request type; a request sent as application/xml "
                + "gets 415 ERR19001"), project.err);
        assertTrue(!project.err.contains("application~1json") && !project.err.contains("x-www-form")
                && !project.err.contains("multipart~1form-data"), project.err);
        // an implementation that reports the parts it was handed
        Path impl = dir.resolve("out/src/main/java/com/example/notes/impl/UploadImpl.java");
        Files.writeString(impl, Files.readString(impl).replace("return UploadApi.super.upload(request, exchange);", """
                var b = request.body();
                        String extras = b.extras() == null ? "-" : b.extras().stream().map(f -> f.filename() + ":" + f.text())
                                .collect(java.util.stream.Collectors.joining(","));
                        return UploadResponse.status201(new com.example.notes.model.Upload201Body(b.title() + "|" + b.pages() + "|"
                                + b.file().filename() + "|" + b.file().contentType() + "|" + new String(b.file().stream().readAllBytes(),
                                java.nio.charset.StandardCharsets.UTF_8) + "|" + extras));"""));
        assertEquals("", project.compile());
        try (GeneratedProject.Running service = project.start(Map.of())) {
            service.expect(201, "POST", "/notes", "application/json", "{\"text\":\"hi\"}");
            service.expect(201, "POST", "/notes", "application/x-www-form-urlencoded", "text=hi&stars=2");
            service.expect(201, "POST", "/notes", MULTIPART, part("text", null, null, "hi") + part("stars", null, null, "2") + END);
            HttpResponse<String> upload = service.expect(201, "POST", "/uploads", MULTIPART, part("title", null, null, "Q3")
                    + part("pages", null, null, "12") + part("file", "q3.pdf", "application/pdf", "%PDF-1.7")
                    + part("extras", "a.txt", "text/plain", "one") + part("extras", "b.txt", "text/plain", "two") + END);
            assertEquals("{\"text\":\"Q3|12|q3.pdf|application/pdf|%PDF-1.7|a.txt:one,b.txt:two\"}", upload.body());
            // fields are validated against the schema, as JSON and form fields are
            HttpResponse<String> invalid = service.expect(400, "POST", "/uploads", MULTIPART, part("title", null, null, "Q3")
                    + part("pages", null, null, "0") + part("file", "q3.pdf", "application/pdf", "x") + END);
            assertTrue(invalid.body().contains("pages"), invalid.body());
            HttpResponse<String> noFile = service.expect(400, "POST", "/uploads", MULTIPART, part("title", null, null, "Q3") + END);
            assertTrue(noFile.body().contains("file"), noFile.body());
            HttpResponse<String> broken = service.expect(400, "POST", "/uploads", MULTIPART, part("title", null, null, "Q3"));
            assertTrue(broken.body().contains("ERR10015") && broken.body().contains("closing boundary"), broken.body());
            HttpResponse<String> xml = service.expect(415, "POST", "/notes", "application/xml", "<note><text>hi</text></note>");
            assertTrue(xml.body().contains("\"code\":\"ERR19001\"") && xml.body().contains("application/xml"), xml.body());
        }
    }
}
