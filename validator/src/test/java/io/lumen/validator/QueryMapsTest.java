package io.lumen.validator;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A query parameter that is a map ({@code additionalProperties}) in {@code form} style with explode (the
 * default): its members are the query's other names. Before, only names under {@code properties} were
 * read, so a required map was always "missing" and an optional one always empty.
 */
class QueryMapsTest {
    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = Fixture.service(dir, "maps", "openapi.yaml").start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void aFormExplodedMapTakesTheNamesNoOtherParameterDeclares() {
        HttpResponse<String> r = service.send(service.request("/usage?page=2&cloud=aws&region=eu&group%5Btier%5D=gold").GET().build());
        assertEquals(200, r.statusCode(), r.body());
        JsonNode q = Fixture.json(r).get("query");
        assertEquals("{\"cloud\":\"aws\",\"region\":\"eu\"}", q.get("labels").toString());
        assertEquals("{\"tier\":\"gold\"}", q.get("group").toString());
        assertEquals(2, q.get("page").asInt());
    }

    @Test
    void aRequiredMapWithoutMembersIsStillMissing() {
        HttpResponse<String> r = service.send(service.request("/usage?page=2").GET().build());
        assertEquals(400, r.statusCode(), r.body());
    }
}
