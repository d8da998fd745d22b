package io.lumen.testkit;

import io.lumen.config.ConfigLoader;
import io.lumen.service.LumenService;
import io.lumen.testkit.core.ConfigFiles;
import io.lumen.testkit.core.TestHttp;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A Lumen service a test builds in code: config files written into a folder (a JUnit
 * {@code @TempDir}), value overrides, started on free ports, with an HTTP client bound to it. For a
 * service per test method or a config that differs per test; {@link LumenTest} /
 * {@link LumenServiceExtension} start one per class.
 *
 * <pre>{@code
 * try (TestService s = TestService.in(dir).file("handler.yml", HANDLER_YML).value("server.serviceId", "t").start()) {
 *     assertEquals(200, s.get("/hello").statusCode());
 * }
 * }</pre>
 *
 * The environment is empty (no {@code ${VAR}} leaks in from the machine running the tests) and the
 * graceful shutdown period is 2 s unless a test sets {@code server.shutdownGracefulPeriod}. Not
 * thread-safe to build; the running service and {@link #http()} are safe from any thread.
 */
public final class TestService implements AutoCloseable {
    /** The shared JDK client ({@link TestHttp#CLIENT}). */
    public static final HttpClient HTTP = TestHttp.CLIENT;

    private final ConfigFiles files;
    private final TestHttp http;
    private LumenService service;

    private TestService(Path dir) {
        this.files = ConfigFiles.in(dir).value("server.shutdownGracefulPeriod", 2000);
        this.http = TestHttp.at(() -> service().httpUri().orElseThrow(() -> new IllegalStateException("HTTP is off")));
    }

    /** A service whose config files are written into {@code dir}. */
    public static TestService in(Path dir) {
        return new TestService(dir);
    }

    /** Writes {@code name} (e.g. {@code handler.yml}) with {@code yaml}. */
    public TestService file(String name, String yaml) {
        files.file(name, yaml);
        return this;
    }

    /** Writes {@code name} as the YAML of {@code content}. */
    public TestService file(String name, Map<String, ?> content) {
        files.file(name, content);
        return this;
    }

    /** Overrides one config value ({@code server.serviceId}); it beats the files and values.yml. */
    public TestService value(String key, Object value) {
        files.value(key, value);
        return this;
    }

    /** The loader the service starts from: the folder, the overrides, no environment. */
    public ConfigLoader loader() {
        return ConfigLoader.builder().configDirs(List.of(files.dir())).overrides(files.values()).env(k -> null).build();
    }

    /** Starts the service with the HTTP and HTTPS ports set to 0 (free ports), whatever server.yml says. */
    public TestService start() {
        service = LumenService.start(loader(), server -> server.withPorts(0, 0));
        return this;
    }

    /** The running service. */
    public LumenService service() {
        if (service == null) {
            throw new IllegalStateException("the service is not started: call start()");
        }
        return service;
    }

    /** The HTTP client bound to the service's HTTP port. */
    public TestHttp http() {
        return http;
    }

    public URI uri(String pathAndQuery) {
        return http.uri(pathAndQuery);
    }

    public HttpResponse<String> get(String path) {
        return http.get(path);
    }

    public HttpResponse<String> send(HttpRequest request) {
        return http.send(request);
    }

    /** Sends with {@code client}, the body as a string; I/O failures become unchecked. */
    public static HttpResponse<String> send(HttpClient client, HttpRequest request) {
        return TestHttp.send(client, request);
    }

    /** A request builder for {@code path} with a 10 s timeout. */
    public HttpRequest.Builder request(String path) {
        return http.request(path);
    }

    /** Stops the service gracefully (if it started). */
    @Override
    public void close() {
        if (service != null) {
            service.stop();
        }
    }
}
