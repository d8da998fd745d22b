package io.lumen.otel.sdk;

import com.fasterxml.jackson.annotation.JsonCreator;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A map of names to text values in {@code tracing.yml} ({@code headers}, {@code resourceAttributes}),
 * written either as a YAML map or as OpenTelemetry's environment-variable text
 * {@code name1=value1,name2=value2} (values percent-decoded, as in {@code OTEL_EXPORTER_OTLP_HEADERS}
 * and {@code OTEL_RESOURCE_ATTRIBUTES}), so one placeholder takes either. Immutable; keeps the order
 * given.
 *
 * @param values the names and values; never null
 */
public record KeyValues(Map<String, String> values) {
    public static final KeyValues EMPTY = new KeyValues(Map.of());

    public KeyValues {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * Binds a config value: {@code null} or empty text is empty, a map keeps its entries (values
     * as text), text is split on {@code ,} then on the first {@code =}.
     *
     * @throws IllegalArgumentException for an entry without a name or value, or another kind of value
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static KeyValues of(Object value) {
        if (value == null) {
            return EMPTY;
        }
        Map<String, String> out = new LinkedHashMap<>();
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (e.getValue() == null || e.getValue() instanceof Map<?, ?> || e.getValue() instanceof Iterable<?>) {
                    throw new IllegalArgumentException("'" + e.getKey() + "' needs a text value");
                }
                out.put(name(String.valueOf(e.getKey())), String.valueOf(e.getValue()));
            }
            return new KeyValues(out);
        }
        if (!(value instanceof String text)) {
            throw new IllegalArgumentException("expected a map or 'name=value,name=value' text, got " + value);
        }
        for (String entry : text.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            int eq = entry.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("'" + entry.trim() + "' is not name=value");
            }
            // '+' stays a plus (base64 tokens); only %XX sequences are decoded, as the OTel spec says
            String v;
            try {
                v = URLDecoder.decode(entry.substring(eq + 1).trim().replace("+", "%2B"), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + entry.trim() + "' has a bad %-escape in its value", e);
            }
            out.put(name(entry.substring(0, eq)), v);
        }
        return new KeyValues(out);
    }

    private static String name(String raw) {
        String n = raw.trim();
        if (n.isEmpty()) {
            throw new IllegalArgumentException("an entry has an empty name");
        }
        return n;
    }

    /** The value of {@code name}, or {@code null}. */
    public String get(String name) {
        return values.get(name);
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }
}
