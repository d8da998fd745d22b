package io.lumen.handler.sanitizer;

import java.util.List;

/**
 * {@code sanitizer.yml}, light-4j's keys and defaults. Every key is optional.
 *
 * @param enabled                  link the middleware into chains (false, as light-4j)
 * @param bodyEnabled              encode the string values of the parsed body of POST, PUT and PATCH (true)
 * @param bodyEncoder              the OWASP Java Encoder context for the body ({@code javascript-source})
 * @param bodyAttributesToEncode   when not empty, only the values under these JSON keys (or form fields) are encoded
 * @param bodyAttributesToIgnore   the values under these keys are left as they are (wins over the encode list)
 * @param headerEnabled            encode request header values (true)
 * @param headerEncoder            the OWASP Java Encoder context for headers ({@code javascript-source})
 * @param headerAttributesToEncode when not empty, only these headers are encoded (names case-insensitive)
 * @param headerAttributesToIgnore these headers are left as they are (wins over the encode list)
 * @param sanitizeBody             light-4j 1.x name of {@code bodyEnabled}, read when that is absent
 * @param sanitizeHeader           light-4j 1.x name of {@code headerEnabled}, read when that is absent
 */
public record SanitizerConfig(Boolean enabled, Boolean bodyEnabled, String bodyEncoder,
                              List<String> bodyAttributesToEncode, List<String> bodyAttributesToIgnore,
                              Boolean headerEnabled, String headerEncoder,
                              List<String> headerAttributesToEncode, List<String> headerAttributesToIgnore,
                              Boolean sanitizeBody, Boolean sanitizeHeader) {
    static final String DEFAULT_ENCODER = "javascript-source";

    public SanitizerConfig {
        enabled = enabled != null && enabled;
        bodyEnabled = bodyEnabled != null ? bodyEnabled : sanitizeBody == null || sanitizeBody;
        headerEnabled = headerEnabled != null ? headerEnabled : sanitizeHeader == null || sanitizeHeader;
        sanitizeBody = bodyEnabled;
        sanitizeHeader = headerEnabled;
        bodyEncoder = encoderName(bodyEncoder);
        headerEncoder = encoderName(headerEncoder);
        TextEncoder.named("bodyEncoder", bodyEncoder);
        TextEncoder.named("headerEncoder", headerEncoder);
        bodyAttributesToEncode = copy(bodyAttributesToEncode);
        bodyAttributesToIgnore = copy(bodyAttributesToIgnore);
        headerAttributesToEncode = copy(headerAttributesToEncode);
        headerAttributesToIgnore = copy(headerAttributesToIgnore);
    }

    private static String encoderName(String name) {
        return name == null || name.isBlank() ? DEFAULT_ENCODER : name.trim();
    }

    private static List<String> copy(List<String> names) {
        return names == null ? List.of() : names.stream().filter(n -> n != null && !n.isBlank()).map(String::trim).toList();
    }
}
