package io.lumen.status;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * All status codes a service can answer with: the framework's {@code status.yml} merged with the
 * application's optional {@code app-status.yml}. A code defined in both fails startup, naming the
 * app-status file and line. Immutable once built.
 */
public final class StatusCatalogue {
    /** Framework codes used by Lumen itself. */
    public static final String PATH_NOT_IMPLEMENTED = "ERR10048";
    public static final String METHOD_NOT_ALLOWED = "ERR10008";
    public static final String RUNTIME_EXCEPTION = "ERR10010";

    private static final Pattern CODE = Pattern.compile("ERR\\d{5}");

    private final Map<String, Status> byCode;

    private StatusCatalogue(Map<String, Status> byCode) {
        this.byCode = Collections.unmodifiableMap(byCode);
    }

    /** Loads {@code status} (required) and {@code app-status} (optional) through {@code config}. */
    public static StatusCatalogue load(ConfigLoader config) {
        ConfigFile framework = config.find("status").orElseThrow(() -> new ConfigException(
                "status.yml", 0, null, "not found in the config dirs or on the classpath (it ships in lumen-core)"));
        Map<String, Status> codes = new LinkedHashMap<>();
        read(framework, codes, null);
        Optional<ConfigFile> app = config.find("app-status");
        app.ifPresent(file -> read(file, codes, framework));
        return new StatusCatalogue(codes);
    }

    /** A catalogue from ready entries, for tests and embedding. */
    public static StatusCatalogue of(Map<String, Status> codes) {
        return new StatusCatalogue(new LinkedHashMap<>(codes));
    }

    private static void read(ConfigFile file, Map<String, Status> into, ConfigFile earlier) {
        if (!(file.tree() instanceof Map<?, ?> entries)) {
            throw file.error("", "expected a map of status codes (ERR10048: {statusCode: 404, ...})");
        }
        for (Object key : entries.keySet()) {
            String code = String.valueOf(key);
            String pointer = "/" + code;
            if (!CODE.matcher(code).matches()) {
                throw file.error(pointer, "a status code is ERR followed by five digits, got '" + code + "'");
            }
            Entry entry = file.bindAt(pointer, Entry.class);
            if (entry.code() != null && !entry.code().equals(code)) {
                throw file.error(pointer + "/code", "code '" + entry.code() + "' differs from its key '" + code + "'");
            }
            if (entry.statusCode() == null) {
                throw file.error(pointer, "statusCode is required");
            }
            if (into.containsKey(code)) {
                String where = earlier == null ? "earlier in this file" : "in " + earlier.displayName();
                throw file.error(pointer, "duplicate status code " + code + ": already defined " + where);
            }
            try {
                into.put(code, new Status(entry.statusCode(), code, entry.message(), entry.description(), entry.severity()));
            } catch (IllegalArgumentException e) {
                throw file.error(pointer + "/statusCode", e.getMessage());
            }
        }
    }

    /** The status for {@code code}; an unknown code is a programming error and becomes ERR10010. */
    public Status get(String code) {
        Status s = byCode.get(code);
        if (s != null) {
            return s;
        }
        Status fallback = byCode.get(RUNTIME_EXCEPTION);
        return fallback != null ? fallback
                : new Status(500, RUNTIME_EXCEPTION, "RUNTIME_EXCEPTION", "Unhandled exception", "ERROR");
    }

    public Optional<Status> find(String code) {
        return Optional.ofNullable(byCode.get(code));
    }

    /** Every code, in file order. */
    public Map<String, Status> all() {
        return byCode;
    }

    /** The bound shape of one catalogue entry. */
    record Entry(Integer statusCode, String code, String message, String description, String severity) {
    }
}
