package io.lumen.validator;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every parameter style converts primitives, arrays and objects by the schema (OpenAPI 3.0 spec, real HTTP). */
class ParameterStylesTest {
    @TempDir
    static Path dir;
    static TestService service;

    @BeforeAll
    static void start() {
        service = Fixture.service(dir, "v30", "openapi.yaml", "schemas/thing.yaml", "schemas/common.yaml").start();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    private static JsonNode ok(String path) {
        return ok(service.request(path).GET().build());
    }

    private static JsonNode ok(HttpRequest request) {
        HttpResponse<String> r = service.send(request);
        assertEquals(200, r.statusCode(), r.body());
        return Fixture.json(r);
    }

    @Test
    void queryFormPrimitiveBecomesATypedNumber() {
        JsonNode out = ok("/api/items?limit=10&flag=true&big=9007199254740993");
        assertEquals("{\"limit\":10,\"flag\":true,\"big\":9007199254740993}", out.get("query").toString());
        assertEquals("listItems", out.get("operation").asText());
        assertEquals("/api/items@get", out.get("endpoint").asText());
    }

    @Test
    void queryFormExplodedArrayCollectsRepeatedParameters() {
        assertEquals("[1,2,3]", ok("/api/items?ids=1&ids=2&ids=3").path("query").path("ids").toString());
    }

    @Test
    void queryFormNotExplodedArraySplitsOnCommas() {
        assertEquals("[\"a\",\"b\"]", ok("/api/items?tags=a,b").path("query").path("tags").toString());
    }

    @Test
    void querySpaceAndPipeDelimitedArrays() {
        JsonNode q = ok("/api/items?sp=1%202%203&pp=4%7C5").path("query");
        assertEquals("[1,2,3]", q.path("sp").toString());
        assertEquals("[4,5]", q.path("pp").toString());
    }

    @Test
    void queryDeepObjectBuildsAnObjectFromBracketKeys() {
        JsonNode q = ok("/api/items?filter%5Bmin%5D=3&filter%5Bname%5D=rex").path("query");
        assertEquals("{\"min\":3,\"name\":\"rex\"}", q.path("filter").toString());
    }

    @Test
    void aValueOfAnyOfOrOneOfTypesIsConvertedToTheTypeThatFits() {
        JsonNode q = ok("/api/items?statuses=failed&statuses=404&statuses=succeeded&code=201").path("query");
        assertEquals("[\"failed\",404,\"succeeded\"]", q.path("statuses").toString());
        assertEquals("201", q.path("code").toString());
        assertEquals("true", ok("/api/items?code=true").path("query").path("code").toString());
        HttpResponse<String> r = service.send(service.request("/api/items?statuses=failed&statuses=700").GET().build());
        assertEquals(400, r.statusCode(), r.body());
    }

    @Test
    void anEmailOfAReservedTopLevelDomainIsAMailboxAndBrokenOnesAreNot() {
        // RFC 5321 syntax, no list of top-level domains: Lago's example dinesh@piedpiper.test, schemathesis' 0@b.example
        for (String mail : new String[] {"dinesh@piedpiper.test", "0@b.example", "a.b%2Bc@x-y.invalid", "%22q%20x%22@[127.0.0.1]"}) {
            assertEquals(200, service.send(service.request("/api/items?mail=" + mail).GET().build()).statusCode(), mail);
        }
        for (String mail : new String[] {"nope", "a..b@x.test", "a@-x.test", "a@x_y.test", "@x.test", "a@[300.1.1.1]"}) {
            assertEquals(400, service.send(service.request("/api/items?mail=" + mail).GET().build()).statusCode(), mail);
        }
    }

    @Test
    void queryFormNotExplodedObjectReadsNameValuePairs() {
        assertEquals("{\"x\":1,\"y\":2}", ok("/api/items?point=x,1,y,2").path("query").path("point").toString());
    }

    @Test
    void headerSimpleNumberArrayAndExplodedObject() {
        JsonNode h = ok(service.request("/api/items").header("X-Rate", "2.5").header("X-Ids", "1,2")
                .header("X-Obj", "a=1,b=x").GET().build()).path("header");
        assertEquals(2.5, h.path("X-Rate").asDouble());
        assertEquals("[1,2]", h.path("X-Ids").toString());
        assertEquals("{\"a\":1,\"b\":\"x\"}", h.path("X-Obj").toString());
    }

    @Test
    void cookieFormPrimitiveAndArray() {
        JsonNode c = ok(service.request("/api/items").header("Cookie", "session=42; prefs=a,b").GET().build()).path("cookie");
        assertEquals(42, c.path("session").asInt());
        assertEquals("[\"a\",\"b\"]", c.path("prefs").toString());
    }

    @Test
    void pathSimpleArrayAndExplodedObject() {
        assertEquals("[1,2,3]", ok("/api/simple/1,2,3").path("path").path("id").toString());
        assertEquals("{\"a\":5,\"b\":true}", ok("/api/simpleobj/a=5,b=true").path("path").path("obj").toString());
    }

    @Test
    void pathLabelArrayNotExplodedAndExploded() {
        assertEquals("[1,2]", ok("/api/label/.1,2").path("path").path("id").toString());
        assertEquals("[3,4]", ok("/api/labelx/.3.4").path("path").path("id").toString());
    }

    @Test
    void pathMatrixPrimitiveAndExplodedObject() {
        assertEquals(7, ok("/api/matrix/;id=7").path("path").path("id").asInt());
        assertEquals("{\"x\":1,\"y\":2}", ok("/api/matrixobj/;x=1;y=2").path("path").path("obj").toString());
    }

    @Test
    void formatsAndEnumsAcceptValidValues() {
        JsonNode q = ok("/api/items?when=2024-02-29&at=2024-02-29T10:00:00Z&uid=123e4567-e89b-12d3-a456-426614174000"
                + "&mail=a@example.com&color=red").path("query");
        assertEquals("red", q.path("color").asText());
    }
}
