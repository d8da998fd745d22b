package io.lumen.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The layout prints exactly what the pattern it replaces printed, for every shape of event. */
class LineLayoutTest {
    private static final String PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger{24} %X{cId} %msg%n";

    private final LoggerContext context = new LoggerContext();

    private PatternLayout pattern(String text) {
        PatternLayout layout = new PatternLayout();
        layout.setContext(context);
        layout.setPattern(text);
        layout.start();
        return layout;
    }

    private LoggingEvent event(String logger, Level level, String message, Map<String, String> mdc, Throwable thrown,
            long time) {
        LoggingEvent e = new LoggingEvent("fqcn", context.getLogger(logger), level, message, thrown, null);
        e.setTimeStamp(time);
        e.setMDCPropertyMap(mdc);
        return e;
    }

    @Test
    void printsWhatThePatternPrinted() {
        PatternLayout reference = pattern(PATTERN);
        LineLayout line = LineLayout.line();
        List<String> loggers = List.of("io.lumen.service.Main", "io.lumen.handler.chain.HandlerChains", "audit",
                "io.lumen.a.b.c.d.e.f.g.h.i.j.k.VeryLongClassNameBeyondTheWidth", "x.y", "exactly.twentyfour.chars",
                "exactly.twentyfive.charss", "org..empty.segment.Name", "io.undertow.server.protocol.http.HttpReadListener",
                "NoPackageButAVeryLongNameIndeedOverTheWidth");
        long[] times = {0L, 1_764_226_000_123L, 1_764_226_000_999L, 1_720_000_000_007L, 86_399_999L};
        IllegalStateException cause = new IllegalStateException("inner");
        RuntimeException withCause = new RuntimeException("boom", cause);
        withCause.addSuppressed(new IllegalArgumentException("also"));
        int compared = 0;
        for (String logger : loggers) {
            for (Level level : List.of(Level.TRACE, Level.DEBUG, Level.INFO, Level.WARN, Level.ERROR)) {
                for (Map<String, String> mdc : List.<Map<String, String>>of(Map.of(), Map.of("cId", "abc-123"),
                        Map.of("other", "x"))) {
                    for (Throwable thrown : new Throwable[] {null, new IllegalStateException("x"), withCause}) {
                        for (long time : times) {
                            LoggingEvent e = event(logger, level, "message {} here", mdc, thrown, time);
                            assertEquals(reference.doLayout(e), line.doLayout(e));
                            compared++;
                        }
                    }
                }
            }
        }
        assertTrue(compared > 2000);
    }

    @Test
    void messageOnlyPrintsTheMessageAndANewLine() {
        PatternLayout reference = pattern("%msg%n");
        LineLayout messageOnly = LineLayout.messageOnly();
        LoggingEvent e = event("audit", Level.INFO, "{\"a\":1}", Map.of("cId", "c"), null, 1_764_226_000_123L);
        assertEquals(reference.doLayout(e), messageOnly.doLayout(e));
        assertEquals("{\"a\":1}" + System.lineSeparator(), messageOnly.doLayout(e));
    }
}
