package io.lumen.testkit.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ConfigFilesTest {
    @Test
    void writesInlineYamlAndMapsAsYaml(@TempDir Path dir) throws IOException {
        Map<String, Object> proxy = new LinkedHashMap<>();
        proxy.put("hosts", List.of("http://127.0.0.1:1"));
        proxy.put("healthCheck", Map.of("enabled", true));
        ConfigFiles files = ConfigFiles.in(dir.resolve("config"))
                .file("server.yml", "serviceId: s\n")
                .file("proxy.yml", proxy)
                .value("server.ioThreads", 1);
        assertEquals("serviceId: s\n", Files.readString(files.dir().resolve("server.yml")));
        Map<String, Object> read = new Yaml().load(Files.readString(files.dir().resolve("proxy.yml")));
        assertEquals(proxy, read);
        assertEquals(Map.of("server.ioThreads", 1), files.values());
    }
}
