package io.lumen.proxy.testing;

import io.lumen.service.LumenService;
import io.lumen.testkit.TestService;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/**
 * A Lumen proxy for a test, started from the shipped config/proxy/http files (handler.yml,
 * proxy.yml, server.yml) with values overriding their placeholders: 127.0.0.1, two IO threads,
 * free ports, {@code proxy.hosts} pointing at the test's backends. A test may replace any of the
 * files, e.g. handler.yml for a chain with middleware before {@code proxy}.
 */
public final class ProxyUnderTest implements AutoCloseable {
    /** The shipped configuration, relative to the proxy module (surefire's working directory). */
    public static final Path SHIPPED = Path.of("..", "config", "proxy", "http");
    public static final int IO_THREADS = 2;
    /** An HTTP/1.1 client (the JDK's default would try an h2c upgrade on the first request). */
    public static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final TestService service;

    private ProxyUnderTest(TestService service) {
        this.service = service;
    }

    public static Builder in(Path dir) {
        return new Builder(dir);
    }

    /** A handler.yml sending every method of every path through {@code chain} (e.g. "correlation, proxy"). */
    public static String handlerYml(String chain) {
        StringBuilder b = new StringBuilder("handlers:\n  - io.lumen.proxy.ProxyHandler@proxy\nchains:\n  forward: [")
                .append(chain).append("]\npaths:\n");
        for (String m : new String[] {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}) {
            b.append("  - {path: '/*', method: ").append(m).append(", exec: [forward]}\n");
        }
        return b.toString();
    }

    public static final class Builder {
        private final Path dir;
        private final TestService service;
        private final Set<String> written = new HashSet<>();

        private Builder(Path dir) {
            this.dir = dir;
            this.service = TestService.in(dir)
                    .value("server.ip", "127.0.0.1")
                    .value("server.ioThreads", IO_THREADS)
                    .value("server.shutdownGracefulPeriod", 200);
        }

        public Builder hosts(String... urls) {
            return value("proxy.hosts", String.join(",", urls));
        }

        public Builder value(String key, Object value) {
            service.value(key, value);
            return this;
        }

        /** Writes {@code name} instead of the shipped file of that name. */
        public Builder file(String name, String text) {
            service.file(name, text);
            written.add(name);
            return this;
        }

        public Builder chain(String chain) {
            return file("handler.yml", handlerYml(chain));
        }

        public ProxyUnderTest start() {
            try {
                for (String name : new String[] {"handler.yml", "proxy.yml", "server.yml"}) {
                    if (!written.contains(name)) {
                        Files.copy(SHIPPED.resolve(name), dir.resolve(name));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new ProxyUnderTest(service.start());
        }
    }

    public LumenService service() {
        return service.service();
    }

    public int port() {
        return service.service().httpPort();
    }

    public URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port() + pathAndQuery);
    }

    public HttpRequest.Builder request(String pathAndQuery) {
        return HttpRequest.newBuilder(uri(pathAndQuery)).timeout(Duration.ofSeconds(10));
    }

    public HttpResponse<String> get(String pathAndQuery) {
        return send(request(pathAndQuery).GET().build());
    }

    public HttpResponse<String> send(HttpRequest request) {
        return TestService.send(HTTP, request);
    }

    @Override
    public void close() {
        service.close();
    }
}
