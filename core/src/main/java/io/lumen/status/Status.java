package io.lumen.status;

import java.util.IllegalFormatException;
import java.util.Objects;

/**
 * One entry of the status catalogue, e.g. {@code ERR10048 404 PATH_NOT_IMPLEMENTED}.
 *
 * @param statusCode  the HTTP status sent with the error JSON
 * @param code        the catalogue code, {@code ERR} followed by digits
 * @param message     a short constant name such as {@code PATH_NOT_IMPLEMENTED}
 * @param description a {@link String#format} template filled with the arguments of each occurrence
 * @param severity    {@code ERROR} unless the catalogue says otherwise
 */
public record Status(int statusCode, String code, String message, String description, String severity) {

    public Status {
        Objects.requireNonNull(code, "code");
        if (statusCode < 100 || statusCode > 599) {
            throw new IllegalArgumentException("statusCode must be an HTTP status (100-599), got " + statusCode);
        }
        message = message == null ? "" : message;
        description = description == null ? "" : description;
        severity = severity == null || severity.isBlank() ? "ERROR" : severity;
    }

    /**
     * The description with {@code args} filled in. A template/argument mismatch never throws: the
     * template is returned with the arguments appended, so an error path cannot itself fail.
     */
    public String describe(Object... args) {
        if (args == null || args.length == 0) {
            return description;
        }
        try {
            return String.format(description, args);
        } catch (IllegalFormatException e) {
            StringBuilder b = new StringBuilder(description);
            for (Object a : args) {
                b.append(' ').append(a);
            }
            return b.toString();
        }
    }
}
