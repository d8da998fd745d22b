package io.lumen.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.spi.ContextAwareBase;
import io.lumen.config.ConfigLoader;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Configures Logback for a Lumen service, in this order:
 * <ol>
 *   <li>{@code -Dlogback.configurationFile} set, or a {@code logback.xml} / {@code logback-test.xml}
 *       on the classpath: Logback's own configuration runs, as usual;</li>
 *   <li>a {@code logback.xml} in a {@code -Dlight-4j-config-dir} directory (first wins): that file;</li>
 *   <li>otherwise the built-in default, set up in code (no XML parsing, no pattern parsing at
 *       startup): {@link LineLayout}'s lines to stdout at {@code LOG_LEVEL} (env, default INFO;
 *       Undertow and XNIO at WARN), and the
 *       {@code audit} logger's JSON lines to stdout as they are, through a non-blocking
 *       {@link BatchingStdoutAppender} (one write per batch of lines).</li>
 * </ol>
 * Registered through {@code META-INF/services/ch.qos.logback.classic.spi.Configurator}; inert
 * when Logback is absent.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_LOW_PRIORITY)
public final class LumenLogbackConfigurator extends ContextAwareBase implements Configurator {
    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null || onClasspath("logback-test.xml")
                || onClasspath("logback.xml")) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        Path inConfigDir = findInConfigDirs("logback.xml");
        if (inConfigDir != null) {
            try {
                JoranConfigurator joran = new JoranConfigurator();
                joran.setContext(context);
                joran.doConfigure(inConfigDir.toFile());
                return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
            } catch (JoranException e) {
                addError("cannot apply " + inConfigDir + ": " + e.getMessage(), e);
                return ExecutionStatus.INVOKE_NEXT_IF_ANY;
            }
        }
        defaults(context);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    private static boolean onClasspath(String resource) {
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        return (cl != null ? cl : LumenLogbackConfigurator.class.getClassLoader()).getResource(resource) != null;
    }

    private static Path findInConfigDirs(String name) {
        String dirs = System.getProperty(ConfigLoader.CONFIG_DIR_PROPERTY);
        if (dirs == null || dirs.isBlank()) {
            return null;
        }
        for (String dir : dirs.split(File.pathSeparator)) {
            if (!dir.isBlank()) {
                Path p = Path.of(dir.trim(), name);
                if (Files.isRegularFile(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    private static void defaults(LoggerContext context) {
        ConsoleAppender<ILoggingEvent> stdout = new ConsoleAppender<>();
        stdout.setContext(context);
        stdout.setName("stdout");
        stdout.setEncoder(encoder(context, LineLayout.line()));
        stdout.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.toLevel(System.getenv().getOrDefault("LOG_LEVEL", "INFO").toUpperCase(Locale.ROOT), Level.INFO));
        root.addAppender(stdout);
        context.getLogger("io.undertow").setLevel(Level.WARN);
        context.getLogger("org.xnio").setLevel(Level.WARN);
        context.getLogger("org.jboss").setLevel(Level.WARN);

        BatchingStdoutAppender audit = new BatchingStdoutAppender();
        audit.setContext(context);
        audit.setName("audit");
        audit.setEncoder(encoder(context, LineLayout.messageOnly()));
        audit.start();
        Logger auditLogger = context.getLogger("audit");
        auditLogger.setLevel(Level.INFO);
        auditLogger.setAdditive(false);
        auditLogger.addAppender(audit);
    }

    private static LayoutWrappingEncoder<ILoggingEvent> encoder(LoggerContext context, LineLayout layout) {
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.start();
        return encoder;
    }
}
