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
 *                  the work in Lumen; otherwise what to use instead
 * @param offSwitch for {@link Kind#MISSING}: the light-4j config that can switch the middleware off
 *                  (then Lumen drops it with a warning instead of refusing); {@code null} if none
 */
public record Light4jHandler(String className, Kind kind, String builtin, String note, OffSwitch offSwitch) {

    /** How a light-4j handler class is carried over. */
    public enum Kind {
        /** Runs as the Lumen built-in {@link #builtin()}. */
        BUILTIN,
        /** Lumen does this work elsewhere (the server, another middleware): dropped from chains. */
        COVERED,
        /**
         * A middleware Lumen has no equivalent of: startup refuses it, naming {@link #note()}, unless
         * its light-4j config ({@link #offSwitch()}) switches it off; then it is dropped with a warning.
         */
        MISSING,
        /** An endpoint Lumen has no equivalent of: its routes answer 404 ERR10048, with a startup warning. */
        UNSERVED
    }

    /**
     * The {@code enabled} key of a light-4j middleware's own config file, and for the chaos-monkey
     * assaults the {@code bypass} key (true: the handler is wired but attacks nothing).
     *
     * @param file             the config base name ({@code dump})
     * @param enabledByDefault the default light-4j ships ({@code ${dump.enabled:false}})
     * @param bypassable       whether {@code bypass: true} in the file also switches it off
     */
    public record OffSwitch(String file, boolean enabledByDefault, boolean bypassable) {
        public OffSwitch {
            Objects.requireNonNull(file, "file");
        }
    }

    public Light4jHandler {
        Objects.requireNonNull(className, "className");
        Objects.requireNonNull(kind, "kind");
        note = note == null ? "" : note;
        if ((kind == Kind.BUILTIN) != (builtin != null)) {
            throw new IllegalArgumentException(className + ": a built-in name goes with kind BUILTIN only");
        }
        if (offSwitch != null && kind != Kind.MISSING) {
            throw new IllegalArgumentException(className + ": an off switch goes with kind MISSING only");
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
            case MISSING -> className + " has no Lumen equivalent; use " + note;
            case UNSERVED -> className + " has no Lumen equivalent, its routes answer 404; use " + note;
        };
    }
}
