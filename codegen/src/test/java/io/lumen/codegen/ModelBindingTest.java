package io.lumen.codegen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.rest.RestJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Generated models bind JSON and write it back unchanged: unions, odd enums, maps beside properties, nullable. */
class ModelBindingTest {
    private final ObjectMapper json = RestJson.newMapper();

    @Test
    void a31SpecsModelsRoundTrip(@TempDir Path dir) throws Exception {
        try (URLClassLoader classes = compiled("kitchen-31.yaml", dir)) {
            String pkg = "com.example.orderkitchen.model.";
            Class<?> order = classes.loadClass(pkg + "Order");
            String text = "{\"id\":\"0b6c9b6e-5c1d-4c3e-9a4f-1d2e3f4a5b60\",\"dishes\":[{\"kind\":\"pizza\",\"toppings\":[\"basil\"],"
                    + "\"extra-cheese\":true},{\"kind\":\"soup\",\"liters\":0.5}],\"status\":\"in-progress\",\"note\":null,"
                    + "\"side\":3,\"table\":7}";
            Object value = json.readValue(text, order);
            Object dishes = order.getMethod("dishes").invoke(value);
            assertEquals(pkg + "Pizza", ((List<?>) dishes).get(0).getClass().getName());
            assertEquals(pkg + "Soup", ((List<?>) dishes).get(1).getClass().getName());
            Object status = order.getMethod("status").invoke(value);
            assertEquals("IN_PROGRESS", ((Enum<?>) status).name());
            assertEquals(json.readTree(text.replace(",\"note\":null", "")), json.readTree(json.writeValueAsString(value)));
            Class<?> progress = classes.loadClass(pkg + "Progress");
            assertEquals("\"+1\"", json.writeValueAsString(progress.getMethod("fromValue", String.class).invoke(null, "+1")));
            assertEquals("\".\"", json.writeValueAsString(progress.getMethod("fromValue", String.class).invoke(null, ".")));
            // the request record of a hyphenated, digit-first operation id with a reserved-word parameter
            String request = Files.readString(dir.resolve("target/generated-sources/lumen/com/example/orderkitchen/api/_2faSetStatusRequest.java"));
            assertTrue(request.contains("public record _2faSetStatusRequest(String orderId, Boolean default_, Progress body)"), request);
            String list = Files.readString(dir.resolve("target/generated-sources/lumen/com/example/orderkitchen/api/ListOrdersRequest.java"));
            assertTrue(list.contains("ListOrdersRequest(Long pageSize, String class_, String xTraceId)"), list);
            String grid = Files.readString(dir.resolve("target/generated-sources/lumen/com/example/orderkitchen/api/SeatingGridResponse.java"));
            assertTrue(grid.contains("List<List<SeatingGrid200BodyItemItem>>"), grid);
        }
    }

    @Test
    void discriminatorsWithoutMappingReadSchemaNamesAndPinnedValuesAndAVariantReadsAlone(@TempDir Path dir) throws Exception {
        GeneratedProject p = GeneratedProject.generate(GeneratedProject.spec("discriminators.yaml"), dir);
        assertEquals(0, p.exit, p.err);
        // one line per kind of warning, with a count
        assertTrue(p.err.contains("warning: ambiguous discriminator value (2): " + GeneratedProject.spec("discriminators.yaml")
                + ":59: /components/schemas/QueueEntry/discriminator: discriminator value 'track' selects both Track and Advert: "
                + "it is read as Track [and 1 more: --verbose lists them]"), p.err);
        assertEquals(1, p.err.lines().filter(l -> l.contains("ambiguous discriminator")).count(), p.err);
        GeneratedProject verbose = GeneratedProject.generate(GeneratedProject.spec("discriminators.yaml"), dir.resolve("v"), "--verbose");
        assertTrue(verbose.err.contains("RadioEntry/discriminator: discriminator value 'track' selects both Advert and Track: "
                + "it is read as Advert"), verbose.err);
        assertEquals(2, verbose.err.lines().filter(l -> l.contains("selects both")).count(), verbose.err);
        // a variant pinning a value other than its schema name contradicts OpenAPI's implicit value: said, one line per kind
        assertEquals(1, p.err.lines().filter(l -> l.contains("warning: discriminator without mapping whose variants refuse their "
                + "implicit value (")).count(), p.err);
        assertTrue(verbose.err.contains("/components/schemas/Message/discriminator: variant UserMessage pins 'role' to [user], not "
                + "to its schema name, OpenAPI's implicit value without a mapping"), verbose.err);
        assertTrue(verbose.err.contains("/components/schemas/Message/discriminator: variant SystemMessage pins 'role' to [system]"),
                verbose.err);
        assertEquals("", p.compile());
        try (URLClassLoader classes = new URLClassLoader(new URL[] {dir.resolve("target/test-compile").toUri().toURL()},
                ModelBindingTest.class.getClassLoader())) {
            String pkg = "com.example.mediaqueue.model.";
            Class<?> message = classes.loadClass(pkg + "Message");
            for (String role : new String[] {"user", "UserMessage"}) {
                String text = "{\"role\":\"" + role + "\",\"content\":\"hi\"}";
                Object value = json.readValue(text, message);
                assertEquals(pkg + "UserMessage", value.getClass().getName(), role);
                assertEquals(json.readTree(text), json.readTree(json.writeValueAsString(value)));
            }
            assertEquals(pkg + "SystemMessage", json.readValue("{\"role\":\"system\",\"content\":\"x\"}", message).getClass().getName());
            // an allOf variant pins its value in a part of its own
            Object episode = json.readValue("{\"type\":\"episode\",\"name\":\"e1\"}", classes.loadClass(pkg + "PlaylistItem"));
            assertEquals(pkg + "Episode", episode.getClass().getName());
            assertEquals(pkg + "Track", json.readValue("{\"type\":\"track\",\"name\":\"t\"}", classes.loadClass(pkg + "QueueEntry"))
                    .getClass().getName());
            assertEquals(pkg + "Advert", json.readValue("{\"type\":\"advert\"}", classes.loadClass(pkg + "QueueEntry"))
                    .getClass().getName());
            // Track implements three sealed interfaces; read as itself it needs no type id
            Class<?> track = classes.loadClass(pkg + "Track");
            assertEquals(3, track.getInterfaces().length);
            Object alone = json.readValue("{\"name\":\"t\"}", track);
            assertEquals("t", track.getMethod("name").invoke(alone));
            assertEquals(json.readTree("{\"type\":\"track\",\"name\":\"t\"}"),
                    json.readTree(json.writeValueAsString(json.readValue("{\"type\":\"track\",\"name\":\"t\"}", track))));
        }
    }

    @Test
    void mapsBesidePropertiesAndFormatsRoundTrip(@TempDir Path dir) throws Exception {
        try (URLClassLoader classes = compiled("forms.yaml", dir)) {
            Class<?> labels = classes.loadClass("com.example.surveyintake.model.Labels");
            String text = "{\"locale\":\"en\",\"greeting\":{\"de\":\"hallo\",\"fr\":\"salut\"}}";
            Object value = json.readValue(text, labels);
            assertEquals(Map.of("greeting", Map.of("de", "hallo", "fr", "salut")), labels.getMethod("additionalProperties").invoke(value));
            assertEquals(json.readTree(text), json.readTree(json.writeValueAsString(value)));
        }
        try (URLClassLoader classes = compiled("petshop-array.yaml", dir.resolve("shop"))) {
            Class<?> animal = classes.loadClass("com.example.petshop.model.Animal");
            String text = "{\"id\":5,\"name\":\"Rex\",\"species\":\"dog\",\"bornOn\":\"2020-02-29\","
                    + "\"arrivedAt\":\"2024-01-02T03:04:05+02:00\",\"chip\":\"0b6c9b6e-5c1d-4c3e-9a4f-1d2e3f4a5b60\"}";
            Object value = json.readValue(text, animal);
            assertEquals(LocalDate.class, animal.getMethod("bornOn").getReturnType());
            assertEquals(OffsetDateTime.class, animal.getMethod("arrivedAt").getReturnType());
            assertEquals(UUID.class, animal.getMethod("chip").getReturnType());
            assertEquals(Long.class, animal.getMethod("id").getReturnType());
            JsonNode back = json.readTree(json.writeValueAsString(value));
            assertEquals(json.readTree(text), back);
            assertFalse(back.has("nickname"), "optional and absent stays absent");
            // a top-level array schema and a $ref to a primitive are no classes
            assertFalse(Files.exists(dir.resolve("shop/target/generated-sources/lumen/com/example/petshop/model/AnimalList.java")));
            assertFalse(Files.exists(dir.resolve("shop/target/generated-sources/lumen/com/example/petshop/model/AnimalId.java")));
        }
    }

    @Test
    void aRequiredPropertyTheSchemaDoesNotDeclareSurvivesARoundTrip(@TempDir Path dir) throws Exception {
        try (URLClassLoader classes = compiled("merged-schemas.yaml", dir)) {
            Class<?> wallet = classes.loadClass("com.example.mergedschemas.model.Wallet");
            String text = "{\"balance_cents\":100,\"balance\":\"1.00\"}";
            assertEquals(json.readTree(text), json.readTree(json.writeValueAsString(json.readValue(text, wallet))));
            assertEquals(JsonNode.class, wallet.getMethod("balance").getReturnType());
        }
    }

    @Test
    void schemaAndPropertyNamesThatDifferOnlyInCaseAreNumberedAndKeepTheirJsonNames(@TempDir Path dir) throws Exception {
        GeneratedProject p = GeneratedProject.generate(GeneratedProject.spec("case-names.yaml"), dir, "--verbose");
        assertEquals(0, p.exit, p.err);
        assertTrue(p.err.contains("/components/schemas/nullTime: schema 'nullTime' becomes Java class NullTime2 because NullTime "
                + "is the schema at /components/schemas/NullTime"), p.err);
        assertTrue(p.err.contains("/components/schemas/Session/properties/ID: property 'ID' becomes the Java name id2 because id is "
                + "property 'id' of the same schema"), p.err);
        assertTrue(p.err.contains("property 'expiresAt' becomes the Java name expiresAt2 because expiresAt is property 'expires_at'"),
                p.err);
        assertEquals("", p.compile());
        try (URLClassLoader classes = new URLClassLoader(new URL[] {dir.resolve("target/test-compile").toUri().toURL()},
                ModelBindingTest.class.getClassLoader())) {
            Class<?> session = classes.loadClass("com.example.casenames.model.Session");
            String text = "{\"ID\":7,\"id\":\"s-1\",\"expires_at\":{\"Time\":\"2026-11-28T11:00:00Z\",\"Valid\":true},"
                    + "\"expiresAt\":\"soon\"}";
            Object value = json.readValue(text, session);
            assertEquals("s-1", session.getMethod("id").invoke(value));
            assertEquals(7L, session.getMethod("id2").invoke(value));
            assertEquals("com.example.casenames.model.NullTime2", session.getMethod("expiresAt").getReturnType().getName());
            assertEquals(json.readTree(text), json.readTree(json.writeValueAsString(value)));
        }
    }

    private static URLClassLoader compiled(String spec, Path dir) throws Exception {
        GeneratedProject p = GeneratedProject.generate(GeneratedProject.spec(spec), dir);
        assertEquals(0, p.exit, p.err);
        assertEquals("", p.compile());
        return new URLClassLoader(new URL[] {dir.resolve("target/test-compile").toUri().toURL()}, ModelBindingTest.class.getClassLoader());
    }
}
