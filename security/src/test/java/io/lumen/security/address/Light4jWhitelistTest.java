package io.lumen.security.address;

import io.lumen.config.ConfigException;
import io.lumen.testkit.TestService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * light-4j's WhitelistHandler runs as the ipfilter middleware, which reads ip-filter.yml: its rules in
 * whitelist.yml or values.yml ({@code whitelist.paths}, light-4j's own test values, src/test/resources/light4j-whitelist)
 * must stop startup rather than let every address through.
 */
class Light4jWhitelistTest {
    private static final String HANDLER_YML = """
            handlers:
              - com.networknt.whitelist.WhitelistHandler@whitelist
              - io.lumen.security.basic.Whoami@whoami
            paths:
              - {path: /data, method: GET, exec: [whitelist, whoami]}
            """;

    private static String light4jValues() throws IOException {
        try (InputStream in = Light4jWhitelistTest.class.getResourceAsStream("/light4j-whitelist/values.yml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void whitelistRulesInValuesYmlWithoutIpFilterYmlStopStartupAtTheirLine(@TempDir Path dir) throws IOException {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", HANDLER_YML)
                .file("values.yml", light4jValues()).start().close());
        assertTrue(e.getMessage().contains("values.yml:3: whitelist.paths: light-4j's WhitelistHandler rules, which Lumen's"
                + " ipfilter does not read"), e.getMessage());
    }

    @Test
    void aWhitelistYmlWithRulesIsNamedToo(@TempDir Path dir) {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", HANDLER_YML)
                .file("whitelist.yml", "enabled: true\ndefaultAllow: false\npaths:\n  /data: [10.10.*.*]\n").start().close());
        assertTrue(e.getMessage().contains("whitelist.yml:3: paths: light-4j's WhitelistHandler rules"), e.getMessage());
    }

    @Test
    void switchedOffOrWrittenInIpFilterYmlItStarts(@TempDir Path dir) throws IOException {
        try (TestService s = TestService.in(dir).file("handler.yml", HANDLER_YML)
                .file("whitelist.yml", "enabled: false\npaths:\n  /data: [10.10.*.*]\n").start()) {
            assertEquals(200, s.get("/data").statusCode());
        }
        try (TestService s = TestService.in(dir.resolve("ipfilter")).file("handler.yml", HANDLER_YML)
                .file("values.yml", light4jValues()).file("ip-filter.yml", "pathPrefixes:\n  /data: {allow: [10.10.0.0/16]}\n")
                .start()) {
            assertEquals(403, s.get("/data").statusCode(), "the rules as ip-filter.yml writes them: 127.0.0.1 is not allowed");
        }
    }
}
