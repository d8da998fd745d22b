package io.lumen.status;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * All status codes a service can answer with: Lumen's {@code lumen-status.yml} (shipped in
 * lumen-core), then a {@code status.yml} and an {@code app-status.yml} if the config folder or the
 * classpath has them, each merged over what came before. light-4j's files are read as written:
 * their codes ({@code ERR}, {@code SUC}, {@code WRN}... and five digits) are added or replace
 * earlier ones, and their {@code showMessage}, {@code showDescription} and {@code showMetadata}
 * switches apply. A merge never removes a code, so a code Lumen answers with always has an entry.
 * Immutable once built.
 */
public final class StatusCatalogue {
    /** @deprecated use {@link ErrorCodes#PATH_NOT_IMPLEMENTED}: codes are named in one table */
    @Deprecated
    public static final String PATH_NOT_IMPLEMENTED = ErrorCodes.PATH_NOT_IMPLEMENTED;
    /** @deprecated use {@link ErrorCodes#METHOD_NOT_ALLOWED} */
    @Deprecated
    public static final String METHOD_NOT_ALLOWED = ErrorCodes.METHOD_NOT_ALLOWED;
    /** @deprecated use {@link ErrorCodes#RUNTIME_EXCEPTION} */
    @Deprecated
    public static final String RUNTIME_EXCEPTION = ErrorCodes.RUNTIME_EXCEPTION;

    private static final Logger LOG = LoggerFactory.getLogger(StatusCatalogue.class);
    private static final Pattern CODE = Pattern.compile("[A-Z]{3}\\d{5}");
    private static final Set<String> SWITCHES = Set.of("showMessage", "showDescription", "showMetadata");

    private final Map<String, Status> byCode;
    private final Visibility visibility;

    private StatusCatalogue(Map<String, Status> byCode, Visibility visibility) {
        this.byCode = Collections.unmodifiableMap(byCode);
        this.visibility = visibility;
    }

    /** Loads {@code lumen-status} (required), then {@code status} and {@code app-status} (optional) through {@code config}. */
    public static StatusCatalogue load(ConfigLoader config) {
        ConfigFile lumen = config.find("lumen-status").orElseThrow(() -> new ConfigException(
                "lumen-status.yml", 0, null, "not found in the config dirs or on the classpath (it ships in lumen-core)"));
        Map<String, Status> codes = new LinkedHashMap<>();
        Map<String, Boolean> switches = new LinkedHashMap<>();
        read(lumen, codes, switches);
        config.find("status").ifPresent(file -> read(file, codes, switches));
        config.find("app-status").ifPresent(file -> read(file, codes, switches));
        return new StatusCatalogue(codes, new Visibility(switches.getOrDefault("showMessage", true),
                switches.getOrDefault("showDescription", true), switches.getOrDefault("showMetadata", true)));
    }

    /** Lumen's own table (lumen-status.yml) without anything merged over it. */
    public static StatusCatalogue defaults() {
        Map<String, Status> codes = new LinkedHashMap<>();
        ConfigLoader classpath = ConfigLoader.builder().configDirs(List.of()).env(k -> null)
                .classLoader(StatusCatalogue.class.getClassLoader()).build();
        read(classpath.find("lumen-status").orElseThrow(), codes, new LinkedHashMap<>());
        return new StatusCatalogue(codes, Visibility.ALL);
    }

    /** A catalogue from ready entries, for tests and embedding; every field is shown. */
    public static StatusCatalogue of(Map<String, Status> codes) {
        return new StatusCatalogue(new LinkedHashMap<>(codes), Visibility.ALL);
    }

    private static void read(ConfigFile file, Map<String, Status> into, Map<String, Boolean> switches) {
        if (!(file.tree() instanceof Map<?, ?> entries)) {
            throw file.error("", "expected a map of status codes (ERR10048: {statusCode: 404, ...})");
        }
        for (Map.Entry<?, ?> e : entries.entrySet()) {
            String code = String.valueOf(e.getKey());
            String pointer = "/" + code;
            if (SWITCHES.contains(code)) {
                if (!(e.getValue() instanceof Boolean on)) {
                    throw file.error(pointer, "expected true or false but got '" + e.getValue() + "'");
                }
                switches.put(code, on);
                continue;
            }
            if (!CODE.matcher(code).matches()) {
                throw file.error(pointer, "a status code is three capitals and five digits (ERR10048), or one of "
                        + String.join(", ", SWITCHES.stream().sorted().toList()) + "; got '" + code + "'");
            }
            Entry entry = file.bindAt(pointer, Entry.class);
            if (entry.code() != null && !entry.code().equals(code)) {
                throw file.error(pointer + "/code", "code '" + entry.code() + "' differs from its key '" + code + "'");
            }
            if (entry.statusCode() == null) {
                throw file.error(pointer, "statusCode is required");
            }
            Status status;
            try {
                status = new Status(entry.statusCode(), code, entry.message(), entry.description(), entry.severity(),
                        entry.metadata());
            } catch (IllegalArgumentException ex) {
                throw file.error(pointer + "/statusCode", ex.getMessage());
            }
            Status earlier = into.put(code, status);
            if (earlier != null && (earlier.statusCode() != status.statusCode() || !earlier.message().equals(status.message()))) {
                LOG.info("{}:{}: {} is now {} {} (was {} {})", file.displayName(), file.lineOf(pointer), code,
                        status.statusCode(), status.message(), earlier.statusCode(), earlier.message());
            }
        }
    }

    /** The status for {@code code}; an unknown code is a programming error and becomes ERR10010. */
    public Status get(String code) {
        Status s = byCode.get(code);
        if (s != null) {
            return s;
        }
        Status fallback = byCode.get(ErrorCodes.RUNTIME_EXCEPTION);
        return fallback != null ? fallback
                : new Status(500, ErrorCodes.RUNTIME_EXCEPTION, "RUNTIME_EXCEPTION", "Unhandled exception", "ERROR");
    }

    public Optional<Status> find(String code) {
        return Optional.ofNullable(byCode.get(code));
    }

    /** Every code, in the order first defined. */
    public Map<String, Status> all() {
        return byCode;
    }

    /** Which optional fields the error JSON carries (light-4j's status.yml switches). */
    public Visibility visibility() {
        return visibility;
    }

    /**
     * light-4j's switches that hide fields of the error JSON from clients.
     *
     * @param message     write {@code message} (true)
     * @param description write {@code description} (true)
     * @param metadata    write an entry's {@code metadata} when it has one (true)
     */
    public record Visibility(boolean message, boolean description, boolean metadata) {
        public static final Visibility ALL = new Visibility(true, true, true);
    }

    /** The bound shape of one catalogue entry. */
    record Entry(Integer statusCode, String code, String message, String description, String severity,
                 Map<String, Object> metadata) {
    }
}
