package io.lumen.cli.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.lumen.cli.check.FolderCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JSON Schemas shipped in the jar and in docs/schemas, and that they agree with startup's rules. */
class SchemasTest {
    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    @TempDir
    Path dir;

    @Test
    void docsHoldTheSchemasTheBuildShipsInTheJar() throws IOException {
        Map<String, String> shipped = SchemaSet.shipped();
        assertEquals(ConfigRecords.FILES.size() + 2, shipped.size(), "one per config record, status and app-status");
        for (Map.Entry<String, String> f : shipped.entrySet()) {
            Path doc = REPOSITORY.resolve("docs/schemas").resolve(f.getKey());
            assertTrue(Files.isRegularFile(doc) && Files.readString(doc).equals(f.getValue()),
                    "docs/schemas/" + f.getKey() + " is not the built one: run cli/bin/lumen schema -o docs/schemas");
        }
        assertTrue(shipped.get("cors.schema.json").contains("\"description\" : \"link the middleware into chains (true)\""),
                "descriptions come from the records' Javadoc");
    }

    @Test
    void everyConfigFileOfTheRepositoryMeetsItsSchema() throws IOException {
        List<String> checked = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        // Lumen's own folders, and real light-4j ones (light-4j keys startup warns about are "deprecated", not errors)
        try (Stream<Path> files = Stream.of("config", "middleware/src/main/resources/lumen/config-examples",
                "service/src/main/resources/lumen/config-examples",
                "proxy/src/test/resources/light4j/petstore", "proxy/src/test/resources/light4j/petstore-codegen")
                .flatMap(SchemasTest::walk)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yml")).sorted().toList()) {
                String base = file.getFileName().toString().replace(".yml", "");
                if (!ConfigRecords.FILES.containsKey(base) && !base.equals("app-status")) {
                    continue;
                }
                List<Error> errors = validate(base, Files.readString(file));
                checked.add(base);
                if (!errors.isEmpty()) {
                    failures.add(REPOSITORY.relativize(file) + ": " + errors);
                }
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(checked.size() > 60, "the repository's config folders: " + checked.size());
    }

    @Test
    void whatStartupRefusesTheSchemaRefusesToo() throws IOException {
        String cors = "enabled: true\nallowedOrigin: [https://a.example]\n";
        String body = "maxBodySize: lots\n";
        assertTrue(validate("cors", cors).stream().anyMatch(e -> e.toString().contains("allowedOrigin")), validate("cors", cors).toString());
        assertTrue(validate("body", body).stream().anyMatch(e -> e.toString().contains("maxBodySize")), validate("body", body).toString());
        Files.writeString(dir.resolve("cors.yml"), cors);
        Files.writeString(dir.resolve("body.yml"), body);
        Files.writeString(dir.resolve("handler.yml"), "handlers: []\n");
        FolderCheck.Result check = FolderCheck.check(dir, k -> null, getClass().getClassLoader());
        assertTrue(check.errors().stream().anyMatch(e -> e.contains("cors.yml:2: allowedOrigin")), check.errors().toString());
        assertTrue(check.errors().stream().anyMatch(e -> e.contains("body.yml:1: maxBodySize")), check.errors().toString());
        assertTrue(validate("cors", "enabled: ${cors.enabled:true}\nmaxAge: 60\n").isEmpty(), "placeholders are allowed");
    }

    private static Stream<Path> walk(String folder) {
        try {
            return Files.walk(REPOSITORY.resolve(folder)).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Error> validate(String configName, String yaml) throws IOException {
        String schemaText = SchemaSet.shipped().get(SchemaSet.fileName(configName));
        Schema schema = REGISTRY.getSchema(schemaText);
        Object tree = new Yaml().load(yaml);
        JsonNode node = JSON.valueToTree(tree == null ? Map.of() : tree);
        return schema.validate(node);
    }
}
