package io.lumen.testkit;

import io.lumen.config.ConfigLoader;
import io.lumen.service.LumenService;
import io.lumen.testkit.core.TestHttp;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a Lumen service for a test class. Use it through {@link LumenTest}, or register it yourself
 * to build the config in code:
 *
 * <pre>{@code
 * @RegisterExtension
 * static LumenServiceExtension service = LumenServiceExtension.config("src/test/resources/svc")
 *         .value("server.enableHttps", true);
 * }</pre>
 *
 * The service starts before the first test and stops (gracefully) after the last. With
 * {@link #shared()} one service serves every test class that registers an equal configuration
 * (same folders, same values) and stops when the whole test run ends: how the tests a generator
 * writes, one class per operation, avoid starting a service per class.
 */
public final class LumenServiceExtension implements BeforeAllCallback, AfterAllCallback, ParameterResolver {
    private final List<Path> configDirs = new ArrayList<>();
    private static final ExtensionContext.Namespace SHARED = ExtensionContext.Namespace.create(LumenServiceExtension.class);

    private final Map<String, Object> values = new LinkedHashMap<>();
    private boolean shared;
    private LumenService service;

    /** For {@link LumenTest}: configured from the annotation. */
    public LumenServiceExtension() {
    }

    /** A service from these config folders. */
    public static LumenServiceExtension config(String... dirs) {
        LumenServiceExtension e = new LumenServiceExtension();
        Arrays.stream(dirs).map(Path::of).forEach(e.configDirs::add);
        return e;
    }

    /** Overrides one value (as values.yml would, but winning over env and values.yml). */
    public LumenServiceExtension value(String key, Object value) {
        values.put(key, value);
        return this;
    }

    /**
     * Shares the service with every other test class of the run whose extension has the same folders
     * and values; it stops after the last test of the run instead of after this class.
     */
    public LumenServiceExtension shared() {
        this.shared = true;
        return this;
    }

    /** The running service (after {@code beforeAll}). */
    public LumenService service() {
        if (service == null) {
            throw new IllegalStateException("the service is not running: is the extension registered static?");
        }
        return service;
    }

    /** The shared JDK HTTP client bound to {@link #baseUri()}. */
    public TestHttp http() {
        return TestHttp.at(baseUri());
    }

    /** The HTTP base URI, or HTTPS when HTTP is off. */
    public URI baseUri() {
        return service().httpUri().or(() -> service().httpsUri()).orElseThrow();
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getTestClass().map(c -> c.getAnnotation(LumenTest.class)).ifPresent(a -> {
            Arrays.stream(a.config()).map(Path::of).forEach(configDirs::add);
            for (String kv : a.values()) {
                int eq = kv.indexOf('=');
                if (eq < 1) {
                    throw new IllegalArgumentException("@LumenTest values are key=value, got '" + kv + "'");
                }
                values.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
            }
        });
        if (shared) {
            String key = configDirs + " " + values;
            service = context.getRoot().getStore(SHARED)
                    .getOrComputeIfAbsent(key, k -> new Running(start()), Running.class).service;
            return;
        }
        service = start();
    }

    private LumenService start() {
        Map<String, Object> overrides = new LinkedHashMap<>();
        overrides.put("server.shutdownGracefulPeriod", 1000);
        overrides.putAll(values);
        ConfigLoader loader = ConfigLoader.builder().configDirs(configDirs).overrides(overrides).build();
        // free ports whatever server.yml says (it may hold literal ports, or be absent)
        return LumenService.start(loader, server -> server.withPorts(0, 0));
    }

    /** A shared service in the root store: JUnit closes it when the run ends. */
    private record Running(LumenService service) implements AutoCloseable {
        @Override
        public void close() {
            service.stop();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (shared) {
            service = null;
            return;
        }
        if (service != null) {
            service.stop();
            service = null;
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext e) throws ParameterResolutionException {
        Class<?> type = p.getParameter().getType();
        return type == LumenService.class || type == URI.class || type == TestHttp.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext e) throws ParameterResolutionException {
        Class<?> type = p.getParameter().getType();
        if (type == LumenService.class) {
            return service();
        }
        return type == TestHttp.class ? http() : baseUri();
    }
}
