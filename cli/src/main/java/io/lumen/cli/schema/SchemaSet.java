package io.lumen.cli.schema;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every config file's schema as file name to JSON text ({@code cors.schema.json}), from
 * {@link ConfigRecords} and the status table's shape. The build writes them into the jar under
 * {@value #RESOURCE_DIR} and into docs/schemas.
 */
public final class SchemaSet {
    /** Where the schemas are inside lumen-cli's jar. */
    public static final String RESOURCE_DIR = "lumen/schema/";

    private SchemaSet() {
    }

    /**
     * Generates the schemas; descriptions come from the records' Javadoc when {@code repository}
     * (the source tree) is given, else there are none.
     */
    public static Map<String, String> generate(Path repository) {
        ConfigSchemas schemas = new ConfigSchemas(new RecordDocs(repository));
        Map<String, String> files = new LinkedHashMap<>();
        ConfigRecords.FILES.forEach((name, record) -> files.put(fileName(name), json(schemas.of(name, record))));
        for (String name : List.of("status", "app-status")) {
            files.put(fileName(name), json(StatusSchema.of(name)));
        }
        return files;
    }

    /** The schemas shipped in the jar; empty when this runs from classes built without them. */
    public static Map<String, String> shipped() {
        Map<String, String> files = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(ConfigRecords.FILES.keySet());
        names.addAll(List.of("status", "app-status"));
        for (String name : names) {
            try (InputStream in = SchemaSet.class.getClassLoader().getResourceAsStream(RESOURCE_DIR + fileName(name))) {
                if (in == null) {
                    return Map.of();
                }
                files.put(fileName(name), new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    public static String fileName(String configName) {
        return configName + ".schema.json";
    }

    private static String json(Map<String, Object> schema) {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
        try {
            return new ObjectMapper().writer(printer).writeValueAsString(schema) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
