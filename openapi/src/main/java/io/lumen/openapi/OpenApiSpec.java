package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.config.ConfigException;

import java.util.List;
import java.util.Map;

/**
 * A loaded, checked OpenAPI 3.0/3.1 document: its operations and the bundle every schema is
 * compiled from. Immutable and thread-safe; one per service (see {@link SpecLoader#shared}).
 *
 * <p>The bundle is the root document with every file it references copied under
 * {@code /x-lumen-files/<n>} and every {@code $ref} rewritten to a local pointer, so a schema
 * pointer such as {@code /components/schemas/Pet} is all a compiler needs.
 */
public final class OpenApiSpec {
    /** Where referenced files are copied in the bundle. */
    public static final String FILES = "x-lumen-files";

    private final String version;
    private final String basePath;
    private final List<Operation> operations;
    private final JsonNode bundle;
    private final byte[] source;
    private final String sourceName;
    private final List<SpecSource> sources;
    private final Map<String, SecurityScheme> securitySchemes;

    OpenApiSpec(String version, String basePath, List<Operation> operations, JsonNode bundle, byte[] source,
                String sourceName, List<SpecSource> sources) {
        this.version = version;
        this.basePath = basePath;
        this.operations = List.copyOf(operations);
        this.bundle = bundle;
        this.source = source;
        this.sourceName = sourceName;
        this.sources = List.copyOf(sources);
        this.securitySchemes = SecurityScheme.read(bundle);
    }

    /** The {@code openapi} field, e.g. {@code 3.1.0}. */
    public String version() {
        return version;
    }

    /** True for OpenAPI 3.1 (JSON Schema 2020-12 schemas, type arrays); false for 3.0 ({@code nullable}). */
    public boolean isV31() {
        return version.startsWith("3.1");
    }

    /**
     * Where the operations' paths begin as the router sees requests, without a trailing slash, e.g.
     * {@code /v1}: the path of {@code servers[0].url} (less a Spring context path it starts with), or
     * {@code openapi.basePath} when set; empty when none.
     */
    public String basePath() {
        return basePath;
    }

    public List<Operation> operations() {
        return operations;
    }

    /** {@code components/securitySchemes} by name, in spec order. */
    public Map<String, SecurityScheme> securitySchemes() {
        return securitySchemes;
    }

    /** The bundled document (do not modify). */
    public JsonNode bundle() {
        return bundle;
    }

    /** The root file's bytes as found on disk or in the jar, for {@code GET /spec.yaml}. */
    public byte[] source() {
        return source.clone();
    }

    /** Where the root file was found. */
    public String sourceName() {
        return sourceName;
    }

    /** The files the spec was read from, as errors name them: the root first, then each file its {@code $ref}s name. */
    public List<String> sourceNames() {
        return sources.stream().map(SpecSource::name).toList();
    }

    /** A startup error at a bundle pointer, reported in the file (root or referenced) it came from. */
    public ConfigException error(String bundlePointer, String problem) {
        String prefix = "/" + FILES + "/";
        if (bundlePointer.startsWith(prefix)) {
            String rest = bundlePointer.substring(prefix.length());
            int slash = rest.indexOf('/');
            int index = Integer.parseInt(slash < 0 ? rest : rest.substring(0, slash));
            return sources.get(index + 1).error(slash < 0 ? "" : rest.substring(slash), problem);
        }
        return sources.get(0).error(bundlePointer, problem);
    }
}
