package io.lumen.otel.sdk;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TracingConfigTest {
    /** The shipped example, with {@code env} as the environment (OTEL_* variables). */
    static TracingConfig example(Map<String, String> env) throws Exception {
        URL url = TracingConfigTest.class.getResource("/lumen/config-examples/");
        assertNotNull(url, "lumen/config-examples on the classpath");
        return ConfigLoader.builder().configDirs(List.of(Path.of(url.toURI())))
                .classLoader(new URLClassLoader(new URL[0], null)).env(env::get).build()
                .load("tracing", TracingConfig.class);
    }

    static TracingConfig file(Path dir, String yml) throws IOException {
        Files.writeString(dir.resolve("tracing.yml"), yml);
        return ConfigLoader.builder().configDirs(List.of(dir)).env(k -> null).build().load("tracing", TracingConfig.class);
    }

    @Test
    void theExampleBindsToTheDefaults() throws Exception {
        TracingConfig c = example(Map.of());
        assertEquals(new TracingConfig(null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null), c);
        assertFalse(c.enabled());
        assertEquals("http://localhost:4318/v1/traces", c.tracesEndpoint());
        assertEquals("http/protobuf", c.protocol());
        assertEquals("parentbased_traceidratio", c.sampler());
        assertEquals(1.0, c.samplerRatio());
        assertEquals(10_000, c.exportTimeout());
        assertEquals(5000, c.scheduleDelay());
        assertEquals(2048, c.maxQueueSize());
        assertEquals(512, c.maxExportBatchSize());
        assertTrue(c.headers().isEmpty());
        assertNull(c.serviceName());
    }

    @Test
    void openTelemetrysEnvironmentVariablesConfigureIt() throws Exception {
        TracingConfig c = example(Map.of(
                "OTEL_ENABLED", "true",
                "OTEL_EXPORTER_OTLP_ENDPOINT", "https://collector.example:4318/",
                "OTEL_EXPORTER_OTLP_HEADERS", "api-key=s3cr%3Dt, X-Scope = pets ",
                "OTEL_EXPORTER_OTLP_COMPRESSION", "gzip",
                "OTEL_EXPORTER_OTLP_TIMEOUT", "2500",
                "OTEL_SERVICE_NAME", "petstore",
                "OTEL_RESOURCE_ATTRIBUTES", "team=pets,region=eu%2Dwest",
                "OTEL_TRACES_SAMPLER", "parentbased_traceidratio",
                "OTEL_TRACES_SAMPLER_ARG", "0.25",
                "OTEL_BSP_MAX_QUEUE_SIZE", "100"));
        assertTrue(c.enabled());
        assertEquals("https://collector.example:4318/v1/traces", c.tracesEndpoint());
        assertEquals(Map.of("api-key", "s3cr=t", "X-Scope", "pets"), c.headers().values());
        assertEquals(List.of("api-key", "X-Scope"), List.copyOf(c.headers().values().keySet()), "order kept");
        assertEquals("gzip", c.compression());
        assertEquals(2500, c.exportTimeout());
        assertEquals("petstore", c.serviceName());
        assertEquals(Map.of("team", "pets", "region", "eu-west"), c.resourceAttributes().values());
        assertEquals(0.25, c.samplerRatio());
        assertEquals(100, c.maxQueueSize());
        assertEquals(100, c.maxExportBatchSize(), "a batch is never larger than the queue");
    }

    @Test
    void aFullTracesEndpointWinsOverTheBase() throws Exception {
        TracingConfig c = example(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://a:4318",
                "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://b:9999/custom/path"));
        assertEquals("http://b:9999/custom/path", c.tracesEndpoint());
    }

    @Test
    void headersMayBeAYamlMap(@TempDir Path dir) throws IOException {
        TracingConfig c = file(dir, "enabled: true\nheaders:\n  Authorization: Bearer x+y/z=\n  X-Count: 3\n");
        assertEquals(Map.of("Authorization", "Bearer x+y/z=", "X-Count", "3"), c.headers().values());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "protocol: grpc                        | protocol: 'grpc' is not supported",
        "protocol: http/json                   | protocol: 'http/json' is not supported",
        "endpoint: collector:4318              | endpoint: 'collector:4318' is not an http(s) URL",
        "tracesEndpoint: ftp://c/v1/traces     | tracesEndpoint: 'ftp://c/v1/traces' is not an http(s) URL",
        "endpoint: 'http://bad host'           | endpoint: 'http://bad host' is not a URL",
        "samplerRatio: 1.5                     | samplerRatio: must be from 0 to 1, got 1.5",
        "sampler: jaeger_remote                | sampler: 'jaeger_remote' is not one of",
        "compression: zstd                     | compression: must be none or gzip",
        "exportTimeout: 0                      | exportTimeout: must be at least 1",
        "scheduleDelay: -5                     | scheduleDelay: must be at least 1",
        "maxQueueSize: 0                       | maxQueueSize: must be at least 1",
        "headers: 'novalue'                    | 'novalue' is not name=value",
        "headers: '=x'                         | an entry has an empty name",
        "headers: 'a=%zz'                      | bad %-escape",
        "headers: 'Bad Name=x'                 | headers: 'Bad Name' is not a valid header name",
        "headers: 'Host=x'                     | headers: 'Host' is set by the exporter",
        "exportTimeout: soon                   | expected an integer but got 'soon'",
    })
    void anEnabledConfigWithABadValueStopsStartupNamingTheFileAndTheKey(String line, String problem, @TempDir Path dir) {
        ConfigException e = assertThrows(ConfigException.class, () -> file(dir, "enabled: true\n" + line + "\n"));
        assertTrue(e.getMessage().contains("tracing.yml"), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
    }

    @Test
    void aBadHeaderEntryIsReportedAtItsLine(@TempDir Path dir) {
        ConfigException e = assertThrows(ConfigException.class,
                () -> file(dir, "enabled: true\nsampler: always_on\nheaders: 'novalue'\n"));
        assertEquals(3, e.line(), e.getMessage());
        assertEquals("headers", e.key());
    }

    @Test
    void aDisabledConfigIsNotCheckedBeyondItsTypes(@TempDir Path dir) throws IOException {
        // OTEL_* variables meant for another process (an agent speaking gRPC) must not stop a service that does not trace
        TracingConfig c = file(dir, "enabled: false\nprotocol: grpc\nsamplerRatio: 7\nendpoint: nowhere\n");
        assertFalse(c.enabled());
        ConfigException e = assertThrows(ConfigException.class, () -> file(dir, "enabled: false\nunknownKey: 1\n"));
        assertTrue(e.getMessage().contains("unknown key 'unknownKey'"), e.getMessage());
    }
}
