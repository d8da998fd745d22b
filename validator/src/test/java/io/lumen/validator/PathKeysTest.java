package io.lumen.validator;

import io.lumen.config.ConfigException;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A path key with a query part ({@code /responses?beta=true}) or a fragment ({@code /schema#add}, Box's
 * spec; a fragment is never sent) is routed by its path part; where the plain path is declared too, its
 * methods keep their route and the variant routes only the methods it adds.
 */
class PathKeysTest {
    @TempDir
    Path dir;

    @Test
    void aPathKeyWithAQueryPartIsRoutedByItsPath() {
        String spec = """
                openapi: 3.1.0
                info: {title: query in a path key, version: '1'}
                servers: [{url: /api}]
                paths:
                  /responses?beta=true:
                    get:
                      operationId: listResponses
                      responses: {'200': {description: ok}}
                """;
        try (TestService s = TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", spec).start()) {
            HttpResponse<String> r = s.get("/api/responses?beta=true");
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("listResponses", Fixture.json(r).path("operation").asText(), r.body());
            assertEquals(200, s.get("/api/responses").statusCode());
        }
    }

    /** OpenAI's spec declares {@code /responses} and {@code /responses?beta=true} with the same methods: the plain key routes. */
    @Test
    void aQueryVariantOfADeclaredPathLeavesTheRouteToThePlainKey() {
        String spec = """
                openapi: 3.1.0
                info: {title: query variant of a path, version: '1'}
                servers: [{url: /api}]
                paths:
                  /responses?beta=true:
                    post:
                      operationId: createBetaResponse
                      responses: {'200': {description: ok}}
                  /responses:
                    post:
                      operationId: createResponse
                      responses: {'200': {description: ok}}
                """;
        try (TestService s = TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", spec).start()) {
            HttpResponse<String> r = s.send(s.request("/api/responses?beta=true").POST(HttpRequest.BodyPublishers.noBody()).build());
            assertEquals(200, r.statusCode(), r.body());
            assertEquals("createResponse", Fixture.json(r).path("operation").asText(), r.body());
        }
    }

    /** Box's spec: GET on the plain key, PUT on two fragment variants ({@code #add}, {@code #update}) of it. */
    @Test
    void fragmentVariantsOfAPathRouteTheMethodsThePlainKeyLacks() {
        String spec = """
                openapi: 3.1.0
                info: {title: fragments in path keys, version: '1'}
                servers: [{url: /api}]
                paths:
                  /schema:
                    get:
                      operationId: getSchema
                      responses: {'200': {description: ok}}
                  /schema#add:
                    put:
                      operationId: addOption
                      responses: {'200': {description: ok}}
                  /schema#update:
                    put:
                      operationId: updateOption
                      responses: {'200': {description: ok}}
                    delete:
                      operationId: deleteOption
                      responses: {'200': {description: ok}}
                """;
        try (TestService s = TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", spec).start()) {
            assertEquals("getSchema", Fixture.json(s.get("/api/schema")).path("operation").asText());
            HttpResponse<String> put = s.send(s.request("/api/schema").PUT(HttpRequest.BodyPublishers.noBody()).build());
            assertEquals(200, put.statusCode(), put.body());
            assertEquals("addOption", Fixture.json(put).path("operation").asText(), "the first variant declaring PUT: " + put.body());
            HttpResponse<String> delete = s.send(s.request("/api/schema").DELETE().build());
            assertEquals(200, delete.statusCode(), delete.body());
            assertEquals("deleteOption", Fixture.json(delete).path("operation").asText(), delete.body());
        }
    }

    /**
     * Xero's Files API (XeroAPI/Xero-OpenAPI {@code xero_files.yaml}, MIT): {@code /Files/{FileId}} (GET, DELETE) and
     * {@code /Files/{FolderId}} (POST) are one path with other parameter names, which OpenAPI forbids; the methods
     * differ, so each is routed with its own names (a method on both stays a startup error).
     */
    @Test
    void samePathWithOtherParameterNamesRoutesEachMethodWithItsOwnNames() {
        String spec = """
                openapi: 3.0.0
                info: {title: Xero Files excerpt, version: '1'}
                servers: [{url: /api}]
                paths:
                  /Files/{FileId}:
                    get:
                      operationId: getFile
                      parameters: [{name: FileId, in: path, required: true, schema: {type: string, format: uuid}}]
                      responses: {'200': {description: ok}}
                    delete:
                      operationId: deleteFile
                      parameters: [{name: FileId, in: path, required: true, schema: {type: string, format: uuid}}]
                      responses: {'204': {description: deleted}}
                  /Files/{FolderId}:
                    post:
                      operationId: uploadFileToFolder
                      parameters: [{name: FolderId, in: path, required: true, schema: {type: string, format: uuid}}]
                      responses: {'201': {description: created}}
                """;
        String id = "4ff1e5cc-9835-40d5-bb18-09fdb118db9c";
        try (TestService s = TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml"))
                .file("openapi.yaml", spec).start()) {
            HttpResponse<String> get = s.get("/api/Files/" + id);
            assertEquals(200, get.statusCode(), get.body());
            assertEquals("getFile", Fixture.json(get).path("operation").asText(), get.body());
            assertEquals(id, Fixture.json(get).path("path").path("FileId").asText(), get.body());
            HttpResponse<String> post = s.send(s.request("/api/Files/" + id).POST(HttpRequest.BodyPublishers.noBody()).build());
            assertEquals(200, post.statusCode(), post.body());
            assertEquals("uploadFileToFolder", Fixture.json(post).path("operation").asText(), post.body());
            assertEquals(id, Fixture.json(post).path("path").path("FolderId").asText(), post.body());
            HttpResponse<String> bad = s.send(s.request("/api/Files/not-a-uuid").POST(HttpRequest.BodyPublishers.noBody()).build());
            assertEquals(400, bad.statusCode(), "FolderId is validated by the POST operation's schema: " + bad.body());
        }
    }

    @Test
    void samePathWithOtherParameterNamesAndTheSameMethodIsAStartupError() {
        String spec = """
                openapi: 3.0.0
                info: {title: ambiguous paths, version: '1'}
                paths:
                  /Files/{FileId}:
                    get:
                      parameters: [{name: FileId, in: path, required: true, schema: {type: string}}]
                      responses: {'200': {description: ok}}
                  /Files/{FolderId}:
                    get:
                      parameters: [{name: FolderId, in: path, required: true, schema: {type: string}}]
                      responses: {'200': {description: ok}}
                """;
        TestService s = TestService.in(dir).file("handler.yml", Fixture.resource("specs/handler.yml")).file("openapi.yaml", spec);
        ConfigException e = assertThrows(ConfigException.class, s::start);
        assertTrue(e.getMessage().contains("openapi.yaml:9") && e.getMessage().contains("GET")
                && e.getMessage().contains("'/Files/{FileId}'"), e.getMessage());
    }
}
