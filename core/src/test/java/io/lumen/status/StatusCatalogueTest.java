package io.lumen.status;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatusCatalogueTest {
    @TempDir
    Path dir;

    private ConfigLoader loader() {
        return ConfigLoader.builder().configDirs(List.of(dir)).env(k -> null).build();
    }

    @Test
    void frameworkCodesShipInCore() {
        StatusCatalogue c = StatusCatalogue.load(loader());
        Status s = c.get("ERR10048");
        assertEquals(404, s.statusCode());
        assertEquals("PATH_NOT_IMPLEMENTED", s.message());
        assertEquals("No handler defined for path '/x' and method GET", s.describe("/x", "GET"));
        for (String code : new String[] {"ERR10000", "ERR10001", "ERR10002", "ERR10005", "ERR10007", "ERR10008",
                "ERR10010", "ERR10015", "ERR10068", "ERR11000", "ERR11004", "ERR11013", "ERR11014", "ERR11017"}) {
            assertTrue(c.find(code).isPresent(), code);
        }
    }

    @Test
    void appStatusCodesAreMergedIn() throws Exception {
        Files.writeString(dir.resolve("app-status.yml"), """
                ERR20001:
                  statusCode: 404
                  code: ERR20001
                  message: PET_NOT_FOUND
                  description: 'Pet %s not found'
                """);
        StatusCatalogue c = StatusCatalogue.load(loader());
        assertEquals("Pet 7 not found", c.get("ERR20001").describe(7));
        assertEquals("ERROR", c.get("ERR20001").severity());
        assertTrue(c.find("ERR10048").isPresent());
    }

    @Test
    void statusAndAppStatusAreMergedOverLumensCodesAndNeverRemoveOne() throws Exception {
        Files.writeString(dir.resolve("status.yml"), """
                ERR10048:
                  statusCode: 404
                  code: ERR10048
                  message: PATH_NOT_IMPLEMENTED
                  description: 'Nothing at %s for %s'
                """);
        Files.writeString(dir.resolve("app-status.yml"), """
                ERR10048:
                  statusCode: 404
                  message: PATH_NOT_IMPLEMENTED
                  description: 'App: nothing at %s'
                  metadata:
                    link: https://example.com/ERR10048
                """);
        StatusCatalogue c = StatusCatalogue.load(loader());
        assertEquals("App: nothing at /x", c.get("ERR10048").describe("/x"));
        assertEquals(Map.of("link", "https://example.com/ERR10048"), c.get("ERR10048").metadata());
        assertTrue(c.find(ErrorCodes.METHOD_NOT_ALLOWED).isPresent(), "a status.yml without a code keeps Lumen's");
        ErrorResponder errors = new ErrorResponder(c);
        assertEquals("{\"statusCode\":404,\"code\":\"ERR10048\",\"message\":\"PATH_NOT_IMPLEMENTED\",\"description\":\"d\","
                + "\"metadata\":{\"link\":\"https://example.com/ERR10048\"},\"severity\":\"ERROR\"}",
                new String(errors.toJson(c.get("ERR10048"), "d", null)));
    }

    @Test
    void light4jsShowSwitchesHideFieldsOfTheErrorJson() throws Exception {
        Files.writeString(dir.resolve("status.yml"), """
                showMessage: ${status.showMessage:false}
                showDescription: false
                showMetadata: true
                """);
        ErrorResponder errors = new ErrorResponder(StatusCatalogue.load(loader()));
        Status s = errors.catalogue().get("ERR10048");
        assertEquals("{\"statusCode\":404,\"code\":\"ERR10048\",\"severity\":\"ERROR\"}",
                new String(errors.toJson(s, "d", null)));
        Files.writeString(dir.resolve("status.yml"), "showMessage: sometimes\n");
        ConfigException bad = assertThrows(ConfigException.class, () -> StatusCatalogue.load(loader()));
        assertEquals(1, bad.line(), bad.getMessage());
    }

    @Test
    void malformedEntriesFailWithTheirLine() throws Exception {
        Files.writeString(dir.resolve("app-status.yml"), "ERR20001:\n  statusCode: 999\n");
        ConfigException bad = assertThrows(ConfigException.class, () -> StatusCatalogue.load(loader()));
        assertEquals(2, bad.line(), bad.getMessage());
        assertTrue(bad.getMessage().contains("statusCode must be an HTTP status"), bad.getMessage());

        Files.writeString(dir.resolve("app-status.yml"), "E1:\n  statusCode: 400\n");
        ConfigException name = assertThrows(ConfigException.class, () -> StatusCatalogue.load(loader()));
        assertTrue(name.getMessage().contains("a status code is three capitals and five digits (ERR10048), or one of showDescription, showMessage, showMetadata; got 'E1'"), name.getMessage());

        Files.writeString(dir.resolve("app-status.yml"), "ERR20001:\n  statusCode: 400\n  colour: red\n");
        ConfigException unknown = assertThrows(ConfigException.class, () -> StatusCatalogue.load(loader()));
        assertEquals(3, unknown.line(), unknown.getMessage());
    }

    @Test
    void errorJsonHasTheLight4jShapeAndDetails() {
        ErrorResponder errors = new ErrorResponder(StatusCatalogue.load(loader()));
        Status s = errors.catalogue().get("ERR10048");
        assertEquals("{\"statusCode\":404,\"code\":\"ERR10048\",\"message\":\"PATH_NOT_IMPLEMENTED\","
                        + "\"description\":\"No handler defined for path '/\\\"q\\\"' and method GET\",\"severity\":\"ERROR\"}",
                new String(errors.toJson(s, s.describe("/\"q\"", "GET"), Map.of())));
        String withDetails = new String(errors.toJson(s, "d", Map.of("errors", List.of(Map.of("at", "/a")))));
        assertTrue(withDetails.endsWith("\"severity\":\"ERROR\",\"errors\":[{\"at\":\"/a\"}]}"), withDetails);
    }

    @Test
    void describeNeverThrowsOnMismatchedArguments() {
        Status s = new Status(400, "ERR20009", "X", "value %d", null);
        assertEquals("value %d abc", s.describe("abc"));
    }
}
