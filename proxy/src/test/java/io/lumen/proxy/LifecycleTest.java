package io.lumen.proxy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Stopping the service stops the proxy: upstream connections and health checks end, quietly. */
class LifecycleTest {

    @Test
    void stoppingTheServiceClosesUpstreamConnectionsAndHealthChecksWithoutErrors(@TempDir Path dir) throws Exception {
        LoggerContext logs = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger root = logs.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> captured = new ListAppender<>();
        captured.setContext(logs);
        captured.start();
        root.addAppender(captured);
        try (Backend a = Backend.http("a").start(); Backend b = Backend.http("b").start()) {
            ProxyUnderTest p = ProxyUnderTest.in(dir).hosts(a.url(), b.url())
                    .value("proxy.healthCheck.enabled", true).value("proxy.healthCheck.interval", 50).start();
            for (int i = 0; i < 10; i++) {
                assertEquals(200, p.get("/x" + i).statusCode());
            }
            assertTrue(a.received("/x").size() > 0 && b.received("/x").size() > 0);
            p.close();
            Await.until(() -> a.openConnections() + b.openConnections() == 0, Duration.ofSeconds(30), "the upstream connections are closed");
            int checks = a.received("/health").size();
            // a claim that something stops needs a window to watch: three check intervals and then some
            Await.never(() -> a.received("/health").size() != checks, Duration.ofMillis(300), "a health check after the stop");
        } finally {
            root.detachAppender(captured);
        }
        List<String> problems = captured.list.stream().filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
                .map(e -> e.getLoggerName() + ": " + e.getFormattedMessage()).toList();
        assertEquals(List.of(), problems, "warnings or errors while stopping");
    }
}
