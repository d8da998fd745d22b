package io.lumen.status;

import java.util.Collections;
import java.util.IllegalFormatException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of the status catalogue, e.g. {@code ERR10048 404 PATH_NOT_IMPLEMENTED}.
 *
 * @param statusCode  the HTTP status sent with the error JSON
 * @param code        the catalogue code, {@code ERR} followed by digits
 * @param message     a short constant name such as {@code PATH_NOT_IMPLEMENTED}
 * @param description a {@link String#format} template filled with the arguments of each occurrence
 * @param severity    {@code ERROR} unless the catalogue says otherwise
 * @param metadata    extra fields for clients (light-4j's {@code metadata}, e.g. a link); empty for most
 */
public record Status(int statusCode, String code, String message, String description, String severity,
                     Map<String, Object> metadata) {
    /**
     * The most characters of one argument an error description repeats: a client that sends a
     * 64 KB path must not get 64 KB back (nor fill the logs with it).
     */
    public static final int MAX_ECHO = 200;

    public Status {
        Objects.requireNonNull(code, "code");
        if (statusCode < 100 || statusCode > 599) {
            throw new IllegalArgumentException("statusCode must be an HTTP status (100-599), got " + statusCode);
        }
        message = message == null ? "" : message;
        description = description == null ? "" : description;
        severity = severity == null || severity.isBlank() ? "ERROR" : severity;
        metadata = metadata == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    }

    /** A status without metadata. */
    public Status(int statusCode, String code, String message, String description, String severity) {
        this(statusCode, code, message, description, severity, Map.of());
    }

    /**
     * The description with {@code args} filled in. A template/argument mismatch never throws: the
     * template is returned with the arguments appended, so an error path cannot itself fail.
     */
    public String describe(Object... args) {
        if (args == null || args.length == 0) {
            return description;
        }
        Object[] shown = args;
        for (int i = 0; i < args.length; i++) {
            if (args[i] instanceof CharSequence || (args[i] != null && !(args[i] instanceof Number))) {
                String text = String.valueOf(args[i]);
                if (text.length() > MAX_ECHO) {
                    if (shown == args) {
                        shown = args.clone();
                    }
                    shown[i] = excerpt(text);
                }
            }
        }
        try {
            return String.format(description, shown);
        } catch (IllegalFormatException e) {
            StringBuilder b = new StringBuilder(description);
            for (Object a : shown) {
                b.append(' ').append(a);
            }
            return b.toString();
        }
    }

    /**
     * {@code text} as an error message may repeat it: whole when it has at most {@link #MAX_ECHO}
     * characters, else its start and how long it was ({@code "/aaa... (65537 characters)"}).
     */
    public static String excerpt(String text) {
        if (text == null || text.length() <= MAX_ECHO) {
            return text;
        }
        return text.substring(0, MAX_ECHO) + "... (" + text.length() + " characters)";
    }
}
