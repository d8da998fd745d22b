package io.lumen.cli.check;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.AppenderBase;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the WARN and ERROR lines logged while a check runs, so that the warnings startup would
 * log (a values.yml key nothing read, a light-4j handler dropped) are part of the check's report.
 */
final class WarningCapture extends AppenderBase<ILoggingEvent> implements AutoCloseable {
    private final List<String> lines = new ArrayList<>();
    private final Logger root;
    private final List<Appender<ILoggingEvent>> quieted = new ArrayList<>(); // the console: the check prints them itself

    private WarningCapture(Logger root) {
        this.root = root;
    }

    static WarningCapture open() {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        WarningCapture capture = new WarningCapture(root);
        capture.setContext(root.getLoggerContext());
        capture.setName("lumen-check");
        capture.start();
        root.iteratorForAppenders().forEachRemaining(capture.quieted::add);
        capture.quieted.forEach(root::detachAppender);
        root.addAppender(capture);
        return capture;
    }

    @Override
    protected synchronized void append(ILoggingEvent event) {
        if (event.getLevel().isGreaterOrEqual(Level.WARN)) {
            lines.add(event.getFormattedMessage());
        }
    }

    synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    @Override
    public void close() {
        root.detachAppender(this);
        quieted.forEach(root::addAppender);
        stop();
    }
}
