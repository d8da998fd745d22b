package io.lumen.handler.body;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.status.ErrorResponder;
import io.lumen.status.ErrorCodes;
import io.lumen.status.Status;
import io.lumen.status.StatusException;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses read bytes into a {@link ParsedBody}. Problems are {@link StatusException}s: 400 ERR10015
 * (with what is wrong and where, never a stack trace) or 415 ERR19001 for an unknown charset.
 */
final class BodyParser {
    static final String UNPARSABLE = ErrorCodes.CONTENT_TYPE_MISMATCH;
    static final String UNSUPPORTED = ErrorCodes.UNSUPPORTED_MEDIA_TYPE;

    private final ObjectMapper json = ExactJson.MAPPER;
    private final ErrorResponder errors;

    private final MultipartParts multipart;

    BodyParser(ErrorResponder errors, int maxParts) {
        this.errors = errors;
        this.multipart = new MultipartParts(errors, maxParts);
    }

    ParsedBody parse(MediaTypes.Kind kind, String mediaType, String contentType, byte[] raw) {
        return switch (kind) {
            case JSON -> new ParsedBody(raw, mediaType, json(raw), null, null);
            case FORM -> new ParsedBody(raw, mediaType, null, form(raw), null);
            case TEXT -> new ParsedBody(raw, mediaType, null, null, new String(raw, charset(contentType)));
            case MULTIPART -> new ParsedBody(raw, mediaType, null, null, null, multipart.parse(contentType, raw));
            case RAW -> new ParsedBody(raw, mediaType, null, null, null);
        };
    }

    private JsonNode json(byte[] raw) {
        JsonNode node;
        try {
            node = json.readTree(raw);
        } catch (IOException | IllegalArgumentException e) {
            throw errors.exception(UNPARSABLE, "JSON", JsonProblems.describe(e));
        }
        if (node == null || node.isMissingNode()) {
            throw errors.exception(UNPARSABLE, "JSON", "the body holds no JSON value");
        }
        return node;
    }

    private Map<String, List<String>> form(byte[] raw) {
        String body = new String(raw, StandardCharsets.ISO_8859_1); // form bodies are ASCII; %XX carries UTF-8
        Map<String, List<String>> fields = new LinkedHashMap<>();
        int start = 0;
        while (start <= body.length()) {
            int amp = body.indexOf('&', start);
            int end = amp < 0 ? body.length() : amp;
            if (end > start) {
                int eq = body.indexOf('=', start);
                boolean hasValue = eq >= 0 && eq < end;
                String name = decode(body.substring(start, hasValue ? eq : end));
                String value = hasValue ? decode(body.substring(eq + 1, end)) : "";
                fields.computeIfAbsent(name, k -> new ArrayList<>(1)).add(value);
            }
            start = end + 1;
        }
        fields.replaceAll((k, v) -> List.copyOf(v));
        return Collections.unmodifiableMap(fields);
    }

    private String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw errors.exception(UNPARSABLE, "application/x-www-form-urlencoded",
                    "a '%' is not followed by two hexadecimal digits in " + Status.excerpt(s));
        }
    }

    private Charset charset(String contentType) {
        try {
            return MediaTypes.charset(contentType);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw errors.exception(UNSUPPORTED, contentType);
        }
    }
}
