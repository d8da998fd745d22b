package io.lumen.status;

import io.lumen.config.ConfigLoader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lumen's table against light-4j's published one: the {@code config/status.yml} inside
 * {@code com.networknt:status} from Maven Central (version pinned in the parent pom, read from the
 * jar file so it stays off the test classpath).
 */
class Light4jStatusCompatibilityTest {
    private static Map<String, Map<String, Object>> light4j;
    private static String light4jText;

    @TempDir
    Path dir;

    @BeforeAll
    static void readLight4jTable() throws IOException {
        String jar = System.getProperty("light4j.status.jar");
        assertTrue(jar != null && Files.isRegularFile(Path.of(jar)), "com.networknt:status jar not found: " + jar);
        try (ZipFile zip = new ZipFile(jar); InputStream in = zip.getInputStream(zip.getEntry("config/status.yml"))) {
            light4jText = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Map<String, Object> all = new Yaml().load(light4jText);
        light4j = new LinkedHashMap<>();
        all.forEach((k, v) -> {
            if (v instanceof Map<?, ?> entry) {
                @SuppressWarnings("unchecked") Map<String, Object> e = (Map<String, Object>) entry;
                light4j.put(k, e);
            }
        });
        assertTrue(light4j.size() > 250, "light-4j's table has its ~300 codes: " + light4j.size());
    }

    private static StatusCatalogue lumen(Path configDir) {
        return StatusCatalogue.load(ConfigLoader.builder().configDirs(List.of(configDir)).env(k -> null).build());
    }

    @Test
    void everyCodeLight4jDefinesKeepsItsStatusAndMessage() {
        List<String> differ = new ArrayList<>();
        int shared = 0;
        for (Status s : lumen(dir).all().values()) {
            Map<String, Object> theirs = light4j.get(s.code());
            if (theirs == null) {
                continue;
            }
            shared++;
            if (!theirs.get("statusCode").equals(s.statusCode()) || !theirs.get("message").equals(s.message())) {
                differ.add(s.code() + ": Lumen " + s.statusCode() + " " + s.message()
                        + ", light-4j " + theirs.get("statusCode") + " " + theirs.get("message"));
            }
        }
        assertEquals(List.of(), differ);
        assertTrue(shared >= 20, "Lumen answers with light-4j's codes where it has the condition: " + shared);
    }

    @Test
    void refusalsLight4jsHandlersHaveACodeForAnswerWithLight4jsCode() {
        // light-4j 2.3.x's BasicAuthHandler (ERR10047, ERR10071), ApiKeyHandler (ERR10075) and WhitelistHandler
        // (ERR10049) refuse what Lumen's basic, apikey and ipfilter middleware refuse
        Map<String, String> light4jCode = Map.of(
                ErrorCodes.INVALID_USERNAME_OR_PASSWORD, "ERR10047", ErrorCodes.NOT_AUTHORIZED_REQUEST_PATH, "ERR10071",
                ErrorCodes.API_KEY_MISMATCH, "ERR10075", ErrorCodes.INVALID_IP_FOR_PATH, "ERR10049");
        StatusCatalogue lumen = lumen(dir);
        light4jCode.forEach((lumensCode, theirs) -> {
            assertEquals(theirs, lumensCode);
            Status s = lumen.get(lumensCode);
            assertEquals(light4j.get(theirs).get("statusCode"), s.statusCode(), theirs);
            assertEquals(light4j.get(theirs).get("message"), s.message(), theirs);
        });
    }

    @Test
    void lumensOwnCodesAreInItsReservedRangeWhichLight4jDoesNotUse() {
        for (Status s : lumen(dir).all().values()) {
            if (!light4j.containsKey(s.code())) {
                assertTrue(s.code().matches("ERR19[0-3]\\d\\d"), s.code() + " is Lumen's own and outside ERR19000-19399");
            }
        }
        for (String code : light4j.keySet()) {
            assertFalse(code.matches("ERR19[0-3]\\d\\d"), "light-4j uses " + code + " of Lumen's reserved ERR19000-19399");
        }
    }

    @Test
    void light4jsOwnStatusYmlInTheConfigFolderIsMergedOverWithoutLosingACode() throws IOException {
        Files.writeString(dir.resolve("status.yml"), light4jText);
        StatusCatalogue plain = lumen(dir.resolve("none"));
        StatusCatalogue merged = lumen(dir);
        for (String code : plain.all().keySet()) {
            assertTrue(merged.find(code).isPresent(), code + " disappeared");
        }
        assertEquals(light4j.get("ERR10008").get("description"), merged.get("ERR10008").description());
        assertEquals("SUC10200", merged.get("SUC10200").code());
        assertEquals(merged.all().size(), plain.all().size() + light4j.size()
                - plain.all().keySet().stream().filter(light4j::containsKey).count());
    }
}
