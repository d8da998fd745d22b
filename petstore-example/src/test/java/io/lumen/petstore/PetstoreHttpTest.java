package io.lumen.petstore;

import io.lumen.petstore.model.Pet;
import io.lumen.testkit.LumenTest;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The petstore operations over real HTTP, from the shipped config/petstore/http folder. */
@LumenTest(config = "../config/petstore/http")
class PetstoreHttpTest {
    static final String REFERENCE = "[{\"id\":1,\"name\":\"catten\",\"tag\":\"cat\"},{\"id\":2,\"name\":\"doggy\",\"tag\":\"dog\"}]";
    private final HttpClient client = HttpClient.newHttpClient();

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aBodyOverMaxTransferFileSizeIs413WithTheErrorJsonSizedOrChunked(URI base) throws Exception {
        byte[] big = new byte[1_100_000]; // server.yml maxTransferFileSize 1000000
        Arrays.fill(big, (byte) ' ');
        HttpResponse<String> sized = send(HttpRequest.newBuilder(base.resolve("/v1/pets"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(big)).build());
        HttpResponse<String> chunked = send(HttpRequest.newBuilder(base.resolve("/v1/pets"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))).build());
        for (HttpResponse<String> r : List.of(sized, chunked)) {
            assertEquals(413, r.statusCode(), r.body());
            assertTrue(r.body().contains("\"code\":\"ERR10068\"") && !r.body().contains("UT0"), r.body());
        }
    }

    @Test
    void listPetsAnswersTheReferenceBody(URI base) throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(base.resolve("/v1/pets")).build());
        assertEquals(200, r.statusCode());
        assertEquals("application/json", r.headers().firstValue("Content-Type").orElseThrow());
        assertEquals(REFERENCE, r.body());
    }

    @Test
    void listPetsHonoursLimitAndRejectsBadLimits(URI base) throws Exception {
        assertEquals("[{\"id\":1,\"name\":\"catten\",\"tag\":\"cat\"}]",
                send(HttpRequest.newBuilder(base.resolve("/v1/pets?limit=1")).build()).body());
        for (String bad : new String[] {"0", "101", "ten"}) {
            HttpResponse<String> r = send(HttpRequest.newBuilder(base.resolve("/v1/pets?limit=" + bad)).build());
            assertEquals(400, r.statusCode(), bad);
            assertTrue(r.body().contains("\"code\":\"ERR11010\""), r.body());
        }
    }

    @Test
    void showPetByIdAndUnknownIdAnswers404Json(URI base) throws Exception {
        assertEquals("{\"id\":2,\"name\":\"doggy\",\"tag\":\"dog\"}",
                send(HttpRequest.newBuilder(base.resolve("/v1/pets/2")).build()).body());
        HttpResponse<String> missing = send(HttpRequest.newBuilder(base.resolve("/v1/pets/99")).build());
        assertEquals(404, missing.statusCode());
        assertEquals("{\"statusCode\":404,\"code\":\"ERR20001\",\"message\":\"PET_NOT_FOUND\",\"description\":\"Pet 99 not found\",\"severity\":\"ERROR\"}",
                missing.body());
        assertEquals(400, send(HttpRequest.newBuilder(base.resolve("/v1/pets/abc")).build()).statusCode());
    }

    @Test
    void createThenShowThenDeleteAPet(URI base) throws Exception {
        HttpResponse<String> created = send(HttpRequest.newBuilder(base.resolve("/v1/pets"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":77,\"name\":\"rex\",\"tag\":\"dog\"}")).build());
        assertEquals(201, created.statusCode());
        assertEquals("{\"id\":77,\"name\":\"rex\",\"tag\":\"dog\"}", created.body());
        assertEquals(200, send(HttpRequest.newBuilder(base.resolve("/v1/pets/77")).build()).statusCode());

        HttpResponse<String> duplicate = send(HttpRequest.newBuilder(base.resolve("/v1/pets"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":77,\"name\":\"rex\"}")).build());
        assertEquals(409, duplicate.statusCode());

        HttpResponse<String> noKey = send(HttpRequest.newBuilder(base.resolve("/v1/pets/77")).DELETE().build());
        assertEquals(400, noKey.statusCode());
        assertTrue(noKey.body().contains("\"code\":\"ERR11017\""), noKey.body());

        HttpResponse<String> deleted = send(HttpRequest.newBuilder(base.resolve("/v1/pets/77")).header("key", "k").DELETE().build());
        assertEquals(200, deleted.statusCode());
        assertEquals(404, send(HttpRequest.newBuilder(base.resolve("/v1/pets/77")).build()).statusCode());
    }

    @Test
    void createRejectsBodiesThatAreNotPets(URI base) throws Exception {
        for (String body : new String[] {"", "{", "[]", "{\"name\":\"x\"}", "{\"id\":\"x\",\"name\":\"y\"}", "{\"id\":5}",
                "{\"id\":5,\"name\":\"a\"} x", "{\"id\":6,\"id\":7,\"name\":\"a\"}"}) { // text after the value, a key twice
            HttpResponse<String> r = send(HttpRequest.newBuilder(base.resolve("/v1/pets"))
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build());
            assertEquals(400, r.statusCode(), body);
            assertTrue(r.body().contains("\"code\":\"ERR20003\""), r.body());
        }
    }
}
