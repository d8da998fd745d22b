package io.lumen.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import io.lumen.testkit.core.Await;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BatchingStdoutAppenderTest {
    private static BatchingStdoutAppender appender(LoggerContext ctx, ByteArrayOutputStream out, int queueSize) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(ctx);
        encoder.setPattern("%X{cId} %msg%n");
        encoder.start();
        BatchingStdoutAppender a = new BatchingStdoutAppender();
        a.setContext(ctx);
        a.setName("test");
        a.setEncoder(encoder);
        a.setQueueSize(queueSize);
        a.setOutputStream(out);
        a.start();
        return a;
    }

    private static Logger logger(LoggerContext ctx, BatchingStdoutAppender a) {
        Logger log = ctx.getLogger("batching-test-" + System.nanoTime());
        log.setAdditive(false);
        log.setLevel(Level.INFO);
        log.addAppender(a);
        return log;
    }

    @Test
    void writesEveryLineInOrderWithTheMdcOfTheCallerAndFlushesOnStop() throws Exception {
        LoggerContext ctx = (LoggerContext) LoggerFactory.getILoggerFactory(); // the test's, with its MDC adapter
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BatchingStdoutAppender a = appender(ctx, out, 100_000);
        Logger log = logger(ctx, a);
        MDC.put("cId", "c1");
        try {
            for (int i = 0; i < 5000; i++) {
                log.info("line " + i);
            }
        } finally {
            MDC.remove("cId");
        }
        a.stop();
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(5000, lines.size());
        assertEquals(IntStream.range(0, 5000).mapToObj(i -> "c1 line " + i).toList(), lines);
        assertEquals(0, a.dropped());
    }

    @Test
    void linesBeyondTheQueueAreDroppedAndCountedNeverBlocking() {
        LoggerContext ctx = (LoggerContext) LoggerFactory.getILoggerFactory(); // the test's, with its MDC adapter
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BatchingStdoutAppender a = appender(ctx, out, 1);
        Logger log = logger(ctx, a);
        for (int i = 0; i < 20_000; i++) {
            log.info("x");
        }
        a.stop();
        long written = out.toString(StandardCharsets.UTF_8).lines().count();
        assertEquals(20_000, written + a.dropped());
        assertTrue(a.dropped() > 0, "a queue of 1 cannot keep 20000 lines");
    }

    @Test
    void anIdleWriterSleepsAndTheNextLineWakesIt() throws Exception {
        LoggerContext ctx = (LoggerContext) LoggerFactory.getILoggerFactory();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BatchingStdoutAppender a = appender(ctx, out, 1000);
        Logger log = logger(ctx, a);
        try {
            log.info("first");
            Await.until(() -> out.toString(StandardCharsets.UTF_8).contains("first"), Duration.ofSeconds(30), "the first line written");
            long before = a.wakeups();
            // the 500 ms window is the subject: polling every millisecond would be ~500 wakeups in it;
            // a sleeping writer wakes a few times at most
            Await.never(() -> a.wakeups() - before >= 20, Duration.ofMillis(500),
                    "the writer woke 20 times or more in 500 ms with nothing to write");

            log.info("after the pause");
            Await.until(() -> out.toString(StandardCharsets.UTF_8).contains("after the pause"), Duration.ofSeconds(2),
                    "a line logged to a sleeping writer written within 2 s");
        } finally {
            a.stop();
        }
        assertEquals(List.of(" first", " after the pause"), out.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
