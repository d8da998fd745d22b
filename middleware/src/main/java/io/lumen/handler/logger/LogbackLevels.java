package io.lumen.handler.logger;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The Logback side of the logger endpoint; only loaded once {@link #available()} said Logback is
 * the SLF4J binding, so the handler module runs without Logback.
 */
final class LogbackLevels {
    private final LoggerContext logback;

    private LogbackLevels(LoggerContext logback) {
        this.logback = logback;
    }

    /** Levels through Logback, or {@code null} when Logback is absent or not the SLF4J binding. */
    static LogbackLevels available() {
        try {
            Class.forName("ch.qos.logback.classic.LoggerContext", false, LoggerHandler.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
        return LoggerFactory.getILoggerFactory() instanceof LoggerContext ctx ? new LogbackLevels(ctx) : null;
    }

    /** Every logger that has a level of its own, root first. */
    List<LoggerLevel> configured() {
        List<LoggerLevel> out = new ArrayList<>();
        for (Logger l : logback.getLoggerList()) {
            if (l.getLevel() != null) {
                out.add(new LoggerLevel(l.getName(), l.getLevel().toString()));
            }
        }
        return out;
    }

    /** The canonical name of {@code level} (TRACE, DEBUG, INFO, WARN, ERROR, OFF, ALL), or {@code null}. */
    static String parse(String level) {
        if (level == null) {
            return null;
        }
        Level l = Level.toLevel(level.trim(), null);
        return l == null ? null : l.toString();
    }

    void set(String name, String level) {
        logback.getLogger(name).setLevel(Level.toLevel(level));
    }
}
