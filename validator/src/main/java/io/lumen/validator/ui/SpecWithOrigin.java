package io.lumen.validator.ui;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lumen.openapi.OpenApiSpec;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The spec as Swagger UI gets it: the bundled document as JSON whose {@code servers} start with the
 * origin of the request (scheme and {@code Host}) plus the spec's base path, then the spec's own
 * servers. Everything but that first entry is encoded once; the origin is JSON-escaped per request.
 * Thread-safe.
 */
final class SpecWithOrigin {
    /** Where the UI page loads it from. */
    static final String PATH = "/specui/spec.json";
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    private final String head;
    private final String tail;
    private final String basePath;

    SpecWithOrigin(OpenApiSpec spec) {
        ObjectNode doc = spec.bundle().deepCopy();
        String servers = doc.path("servers").isArray() && !doc.get("servers").isEmpty()
                ? doc.get("servers").toString() : "[]";
        String version = doc.path("openapi").toString();
        doc.remove("servers");
        doc.remove("openapi");
        String rest;
        try {
            rest = JSON.writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the spec cannot be written as JSON", e);
        }
        this.head = "{\"openapi\":" + version + ",\"servers\":[{\"url\":\"";
        String others = servers.length() > 2 ? "," + servers.substring(1, servers.length() - 1) : "";
        this.tail = "\",\"description\":\"this service\"}" + others + "]" + (rest.length() > 2 ? "," + rest.substring(1) : "}");
        this.basePath = spec.basePath();
    }

    /** The JSON for a request to {@code scheme://hostAndPort}. */
    ByteBuffer json(String scheme, String hostAndPort) {
        String origin = scheme + "://" + hostAndPort + basePath;
        String body = head + new String(JsonStringEncoder.getInstance().quoteAsString(origin)) + tail;
        return ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8));
    }
}
