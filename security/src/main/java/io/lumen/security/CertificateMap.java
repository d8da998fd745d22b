package io.lumen.security;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads {@code jwt.certificate}: a YAML map, a flow map in a string ({@code "{a: a.crt}"}) or light-4j's
 * string form {@code kid=file&kid2=file2} (what {@code ${security.certificate}} from values.yml or an
 * environment variable usually holds). Startup only.
 */
final class CertificateMap {
    private CertificateMap() {
    }

    static Map<String, String> parse(Object value) {
        Map<String, String> out = new LinkedHashMap<>();
        if (value == null) {
            return Map.of();
        }
        if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> put(out, String.valueOf(k), v == null ? null : String.valueOf(v)));
            return Map.copyOf(out);
        }
        if (!(value instanceof String text)) {
            throw new IllegalArgumentException("jwt.certificate: expected a map kid -> file or 'kid=file&kid2=file2', got "
                    + value);
        }
        text = text.trim();
        if (text.isEmpty()) {
            return Map.of();
        }
        if (text.startsWith("{")) {
            Object parsed;
            try {
                parsed = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
            } catch (YAMLException e) {
                throw new IllegalArgumentException("jwt.certificate: not a valid flow map: " + text, e);
            }
            return parse(parsed);
        }
        for (String pair : text.split("&")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("jwt.certificate: expected kid=file in '" + pair.trim() + "'");
            }
            put(out, pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return Map.copyOf(out);
    }

    private static void put(Map<String, String> out, String kid, String file) {
        if (kid.isEmpty() || file == null || file.isBlank()) {
            throw new IllegalArgumentException("jwt.certificate: kid '" + kid + "' needs a certificate file");
        }
        if (out.put(kid, file.trim()) != null) {
            throw new IllegalArgumentException("jwt.certificate: kid '" + kid + "' given twice");
        }
    }
}
