package io.lumen.handler.observability;

import io.lumen.config.ConfigLoader;
import io.lumen.handler.audit.AuditConfig;
import io.lumen.handler.correlation.CorrelationConfig;
import io.lumen.handler.exception.ExceptionConfig;
import io.lumen.handler.health.HealthConfig;
import io.lumen.handler.info.InfoConfig;
import io.lumen.handler.logger.LoggerConfig;
import io.lumen.handler.metrics.MetricsConfig;
import io.lumen.server.ServiceContext;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigExamplesTest {
    private static ConfigLoader examples(Map<String, ?> overrides) throws Exception {
        URL url = ConfigExamplesTest.class.getResource("/lumen/config-examples/");
        assertNotNull(url, "lumen/config-examples on the classpath");
        return ConfigLoader.builder().configDirs(List.of(Path.of(url.toURI())))
                .classLoader(new URLClassLoader(new URL[0], null)).env(k -> null).overrides(overrides).build();
    }

    @Test
    void everyExampleBindsToItsRecordDefaults() throws Exception {
        ConfigLoader c = examples(Map.of());
        assertEquals(new ExceptionConfig(null, null), c.load("exception", ExceptionConfig.class));
        assertEquals(new CorrelationConfig(null, null, null, null, null), c.load("correlation", CorrelationConfig.class));
        assertEquals(new MetricsConfig(null, null, null), c.load("metrics", MetricsConfig.class));
        assertEquals(new HealthConfig(null), c.load("health", HealthConfig.class));
        assertEquals(new InfoConfig(null, null), c.load("info", InfoConfig.class));
        assertEquals(new LoggerConfig(null, null), c.load("logger", LoggerConfig.class));
        AuditConfig audit = c.load("audit", AuditConfig.class);
        assertEquals(List.of("X-Forwarded-For", "User-Agent"), audit.headers());
        assertEquals(List.of("Authorization"), audit.maskedHeaders());
        assertEquals(false, audit.logLevelIsError());
        for (String name : List.of("exception", "correlation", "metrics", "audit", "health", "info", "logger")) {
            assertTrue(c.find(name).isPresent(), name);
        }
    }

    @Test
    void examplePlaceholdersTakeValues() throws Exception {
        ConfigLoader c = examples(Map.of("correlation.correlationHeader", "X-Request-Id", "audit.headers", "[Host]",
                "metrics.histogram", false));
        assertEquals("X-Request-Id", c.load("correlation", CorrelationConfig.class).correlationHeader());
        assertEquals(List.of("Host"), c.load("audit", AuditConfig.class).headers());
        assertEquals(false, c.load("metrics", MetricsConfig.class).histogram());
    }

    @Test
    void everyShortNameNamesALoadableHandler() throws Exception {
        Properties p = new Properties();
        try (InputStream in = ConfigExamplesTest.class.getResourceAsStream("/META-INF/lumen/handlers.properties")) {
            p.load(in);
        }
        for (String name : List.of("audit", "correlation", "exception", "health", "info", "liveness", "logger",
                "metrics", "prometheus", "readiness")) {
            assertNotNull(p.getProperty(name), name);
            assertNotNull(Class.forName(p.getProperty(name)).getConstructor(ServiceContext.class), name);
        }
    }
}
