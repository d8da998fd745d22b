package io.lumen.status;

import java.util.Map;

/**
 * An error that carries a catalogue status to the error JSON. Throw it anywhere in a chain; the
 * exception middleware (or the last-resort guard) answers with its status and description.
 *
 * <p>{@code details} are optional machine-readable entries written as extra fields of the error
 * JSON (for example the list of validation errors). The stack trace is never sent to clients.
 */
public class StatusException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Status status;
    private final String description;
    private final transient Map<String, Object> details;

    public StatusException(Status status, Object... args) {
        this(status, null, Map.of(), args);
    }

    public StatusException(Status status, Throwable cause, Object... args) {
        this(status, cause, Map.of(), args);
    }

    public StatusException(Status status, Throwable cause, Map<String, Object> details, Object... args) {
        super(status.code() + " " + status.describe(args), cause);
        this.status = status;
        this.description = status.describe(args);
        this.details = Map.copyOf(details);
    }

    public Status status() {
        return status;
    }

    /** The description with this occurrence's arguments filled in. */
    public String description() {
        return description;
    }

    /** Extra fields for the error JSON, in no particular order; empty for most errors. */
    public Map<String, Object> details() {
        return details;
    }
}
