package io.lumen.spring.boot4;

import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;
import io.lumen.server.ServerConfig;
import org.springframework.boot.web.server.Http2;
import org.springframework.boot.web.server.Shutdown;
import org.springframework.boot.web.server.Ssl;
import org.springframework.core.env.Environment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The server config of a Boot 4 application: Spring's {@code server.port}, {@code server.address},
 * {@code server.ssl.*}, {@code server.http2.enabled}, {@code server.shutdown} and
 * {@code server.server-header} mapped onto Lumen's server.yml keys, and Lumen's server.yml winning
 * for every key it sets itself. {@link #describe()} is the startup line that says which came from where.
 *
 * @param config      what the server runs with
 * @param springSsl   the HTTPS listener's certificates are Spring's SSL bundle (server.yml names no keystoreName)
 * @param provenance  per mapped key: where its value came from
 */
record ServerSettings(ServerConfig config, boolean springSsl, List<String> provenance) {

    /** What Spring's side says: the factory's values, and which {@code server.*} properties were set at all. */
    record Spring(int port, String address, Ssl ssl, Http2 http2, Shutdown shutdown, String serverHeader,
                  Environment environment) {
        boolean isSet(String property) {
            return environment.containsProperty(property);
        }
    }

    static ServerSettings resolve(Spring spring, ConfigLoader loader) {
        Optional<ConfigFile> file = loader.find("server");
        Map<String, Object> lumen = new LinkedHashMap<>();
        if (file.isPresent()) {
            file.get().bind(ServerConfig.class); // a mistake in server.yml is reported with file and line
            if (file.get().tree() instanceof Map<?, ?> tree) {
                tree.forEach((k, v) -> lumen.put(String.valueOf(k), v));
            }
        }
        return merge(spring, lumen, file.map(ConfigFile::displayName).orElse("server.yml"), loader, "server.");
    }

    /**
     * Spring's settings and Lumen's defaults only: the management server on its own port, whose
     * listener server.yml (the application's {@code httpPort}, {@code ip}, TLS) must not configure.
     */
    static ServerSettings forManagementServer(Spring spring, ConfigLoader loader) {
        return merge(spring, new LinkedHashMap<>(), "server.yml", loader, "management.server.");
    }

    /** @param listener the prefix of the Spring properties that set the listener (port, address, TLS) */
    private static ServerSettings merge(Spring spring, Map<String, Object> lumen, String fileName, ConfigLoader loader,
                                        String listener) {
        Map<String, Object> merged = new LinkedHashMap<>();
        List<String> provenance = new ArrayList<>();
        Mapper m = new Mapper(lumen, merged, provenance, fileName);
        boolean ssl = spring.ssl() != null && Ssl.isEnabled(spring.ssl());
        if (ssl) {
            m.map("enableHttps", true, listener + "ssl");
            m.map("enableHttp", false, listener + "ssl");
            m.map("httpsPort", spring.port(), listener + "port");
            m.map("enableTwoWayTls", spring.ssl().getClientAuth() == Ssl.ClientAuth.NEED, listener + "ssl.client-auth");
        } else if (spring.isSet(listener + "port") || !lumen.containsKey("httpPort")) {
            m.map("httpPort", spring.port(), listener + "port");
        }
        if (spring.address() != null) {
            m.map("ip", spring.address(), listener + "address");
        }
        if (spring.http2() != null && spring.isSet("server.http2.enabled")) {
            m.map("enableHttp2", spring.http2().isEnabled(), "server.http2.enabled");
        }
        if (spring.isSet("server.shutdown")) {
            m.map("shutdownGracefulPeriod", spring.shutdown() == Shutdown.IMMEDIATE ? 0L
                    : gracePeriod(spring.environment()), "server.shutdown");
        }
        if (spring.serverHeader() != null) {
            m.map("serverString", spring.serverHeader(), "server.server-header");
        }
        lumen.forEach(merged::put); // server.yml wins where both are set
        return new ServerSettings(loader.mapper().convertValue(merged, ServerConfig.class), ssl && !m.fileSets("keystoreName"),
                List.copyOf(provenance));
    }

    /** Spring's graceful shutdown waits up to {@code spring.lifecycle.timeout-per-shutdown-phase} (30 s). */
    private static long gracePeriod(Environment environment) {
        Duration d = environment.getProperty("spring.lifecycle.timeout-per-shutdown-phase", Duration.class,
                Duration.ofSeconds(30));
        return d.toMillis();
    }

    /** One line for the startup log: every Spring property that was mapped, and every one server.yml overrode. */
    String describe() {
        return provenance.isEmpty() ? "server.yml and Lumen's defaults only" : String.join("; ", provenance);
    }

    /** Puts Spring's value of a Lumen key unless server.yml sets the key, noting which won. */
    private record Mapper(Map<String, Object> lumen, Map<String, Object> merged, List<String> provenance, String file) {
        void map(String key, Object springValue, String springProperty) {
            if (lumen.containsKey(key)) {
                provenance.add(key + "=" + lumen.get(key) + " from " + file + " (Spring's " + springProperty + " ignored)");
            } else {
                merged.put(key, springValue);
                provenance.add(key + "=" + springValue + " from Spring's " + springProperty);
            }
        }

        boolean fileSets(String key) {
            return lumen.containsKey(key);
        }
    }
}
