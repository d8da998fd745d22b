package io.lumen.otel.testing;

import io.lumen.otel.testing.Services;
import io.lumen.testkit.TestService;

import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/** Test services with tracing on, exporting to a test collector; W3C ids for requests. */
public final class Traced {
    /** HTTP/1.1 only, so {@code network.protocol.version} is known (the JDK client would try h2c). */
    public static final HttpClient HTTP1 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private Traced() {
    }

    /**
     * A service in {@code dir} whose tracing.yml exports to {@code endpoint} with the keys in
     * {@code extraTracingYml}, and quickly (20 ms batches, 5 s export timeout) unless those say otherwise.
     */
    public static TestService service(Path dir, String serviceId, String endpoint, String extraTracingYml) {
        StringBuilder yml = new StringBuilder("enabled: true\nendpoint: ").append(endpoint).append('\n').append(extraTracingYml);
        if (!extraTracingYml.contains("scheduleDelay:")) {
            yml.append("\nscheduleDelay: 20");
        }
        if (!extraTracingYml.contains("exportTimeout:")) {
            yml.append("\nexportTimeout: 5000");
        }
        return Services.in(dir).value("server.serviceId", serviceId).file("tracing.yml", yml + "\n");
    }

    /** 32 random lower-case hex characters. */
    public static String traceId() {
        return hex(16);
    }

    /** 16 random lower-case hex characters. */
    public static String spanId() {
        return hex(8);
    }

    private static String hex(int bytes) {
        byte[] b = new byte[bytes];
        ThreadLocalRandom.current().nextBytes(b);
        b[0] |= 1; // never all zeros
        return HexFormat.of().formatHex(b);
    }
}
