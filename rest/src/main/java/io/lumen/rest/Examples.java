package io.lumen.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Typed values of the examples a generated service answers until an operation is implemented
 * (the spec's example, or an instance the generator synthesized from the schema). Called from
 * generated code only; thread-safe.
 */
public final class Examples {
    private static final ObjectMapper JSON = RestJson.newMapper(); // configured once, never changed

    private Examples() {
    }

    /** {@code json} read as {@code type}; the generator checked it against the schema. */
    public static <T> T read(String json, TypeReference<T> type) {
        try {
            return JSON.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the generated example does not bind to " + type.getType() + ": "
                    + e.getOriginalMessage(), e);
        }
    }

    /** A text example. */
    public static String text(String value) {
        return value;
    }

    /** A binary example, given base64-encoded. */
    public static byte[] bytes(String base64) {
        return base64.isEmpty() ? new byte[0] : Base64.getDecoder().decode(base64.getBytes(StandardCharsets.US_ASCII));
    }
}
