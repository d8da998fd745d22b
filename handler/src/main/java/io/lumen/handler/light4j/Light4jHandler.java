package io.lumen.handler.light4j;

import java.util.Objects;

/**
 * One light-4j handler class and what it is on Lumen.
 *
 * @param className the light-4j class, as handler.yml names it ({@code com.networknt.exception.ExceptionHandler})
 * @param kind      how Lumen treats it
 * @param builtin   the Lumen built-in short name it runs as ({@code exception}); {@code null} unless
 *                  {@link Kind#BUILTIN}
 * @param note      for {@link Kind#BUILTIN}: what differs, or empty; for {@link Kind#COVERED}: who does
 *                  the work in Lumen; for {@link Kind#MISSING}: what to use instead
 */
public record Light4jHandler(String className, Kind kind, String builtin, String note) {

    /** How a light-4j handler class is carried over. */
    public enum Kind {
        /** Runs as the Lumen built-in {@link #builtin()}. */
        BUILTIN,
        /** Lumen does this work elsewhere (the server, another middleware): dropped from chains. */
        COVERED,
        /** Lumen has no equivalent: startup refuses it, naming {@link #note()}. */
        MISSING
    }

    public Light4jHandler {
        Objects.requireNonNull(className, "className");
        Objects.requireNonNull(kind, "kind");
        note = note == null ? "" : note;
        if ((kind == Kind.BUILTIN) != (builtin != null)) {
            throw new IllegalArgumentException(className + ": a built-in name goes with kind BUILTIN only");
        }
    }

    /** The simple class name ({@code ExceptionHandler}), for short messages. */
    public String simpleName() {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    /** One line for a log or a migration report. */
    public String describe() {
        return switch (kind) {
            case BUILTIN -> className + " runs as Lumen's built-in '" + builtin + "'" + (note.isEmpty() ? "" : " (" + note + ")");
            case COVERED -> className + " is not needed on Lumen: " + note;
            case MISSING -> className + " has no Lumen equivalent: " + note;
        };
    }
}
