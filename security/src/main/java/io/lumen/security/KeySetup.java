package io.lumen.security;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import io.lumen.security.keys.Certificates;
import io.lumen.security.keys.JwksSource;
import io.lumen.security.keys.KeyRing;
import io.lumen.security.keys.KeyServers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Assembles a service's verification keys at startup from security.yml's {@code jwt} section: the
 * certificates, the JWKS at {@code jwksUrl}, or (light-4j's {@code JsonWebKeySet} resolver without a
 * {@code jwksUrl}) client.yml's key servers; fails with the file, line and key when there is no source.
 *
 * @param keys the key ring
 * @param jwt  the section the verifier uses: security.yml's, with the key servers' audiences when it names none
 */
record KeySetup(KeyRing keys, SecurityConfig.Jwt jwt) {
    private static final Logger LOG = LoggerFactory.getLogger(KeySetup.class);

    static KeySetup of(SecurityConfig config, ConfigLoader loader, String file) {
        SecurityConfig.Jwt jwt = config.jwt();
        if (!config.enableVerifyJwt()) {
            return new KeySetup(new KeyRing(Map.of(), List.of()), jwt);
        }
        boolean jsonWebKeySet = jwt.keyResolver().equals("JsonWebKeySet");
        boolean nothingElse = jwt.certificates().isEmpty() && jwt.sharedSecret() == null;
        List<KeyServers.Server> servers = jwt.jwksUrl() == null && (jsonWebKeySet || nothingElse)
                ? KeyServers.read(loader) : List.of();
        if (jsonWebKeySet && jwt.jwksUrl() == null && servers.isEmpty()) {
            throw error(loader, file, "/jwt/keyResolver", "jwt.keyResolver", "JsonWebKeySet needs jwt.jwksUrl, or "
                    + "client.yml oauth.token.key with server_url and uri (light-4j's key server)");
        }
        if (nothingElse && jwt.jwksUrl() == null && servers.isEmpty()) {
            throw error(loader, file, "/jwt", "jwt", "no key source: configure jwt.certificate, jwt.jwksUrl, "
                    + "jwt.sharedSecret or client.yml oauth.token.key, or set enableVerifyJwt: false");
        }
        List<String> audiences = servers.stream().map(KeyServers.Server::audience).filter(Objects::nonNull).distinct().toList();
        if (jwt.audience().isEmpty() && !audiences.isEmpty()) {
            jwt = jwt.withAudience(audiences);
        }
        List<JwksSource> sources = new ArrayList<>();
        if (jwt.jwksUrl() != null) {
            sources.add(source(jwt, jwt.jwksUrl(), loader, file));
        }
        for (KeyServers.Server server : servers) {
            sources.add(source(jwt, server.jwks().toString(), loader, file));
        }
        awaitFirstFetch(sources, jwt.jwksTimeout());
        return new KeySetup(new KeyRing(Certificates.load(loader, jwt.certificates()), sources), jwt);
    }

    /** A startup error at the pointer's line (its values.yml line when the value came from there). */
    static ConfigException error(ConfigLoader loader, String file, String pointer, String key, String problem) {
        String name = file.endsWith(".yml") ? file.substring(0, file.length() - 4) : file;
        return loader.find(name).map(f -> f.error(pointer, problem))
                .orElseGet(() -> new ConfigException(file, 0, key, problem));
    }

    private static JwksSource source(SecurityConfig.Jwt jwt, String location, ConfigLoader loader, String file) {
        ExecutorService executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "lumen-jwks");
            t.setDaemon(true);
            return t;
        });
        Duration interval = Duration.ofSeconds(jwt.jwksRefreshInterval());
        Duration timeout = Duration.ofMillis(jwt.jwksTimeout());
        if (location.startsWith("http://") || location.startsWith("https://")) {
            return JwksSource.url(URI.create(location), interval, timeout, executor);
        }
        URL url = loader.locate(location).orElseThrow(() -> error(loader, file, "/jwt/jwksUrl", "jwt.jwksUrl",
                "JWKS file not found in the config dirs or classpath config/: " + location));
        return JwksSource.file(url, interval, timeout, executor);
    }

    /** At startup: fetch every JWKS once, waiting at most the timeout (a dead endpoint is retried on an unknown kid). */
    private static void awaitFirstFetch(List<JwksSource> sources, int timeoutMillis) {
        List<CompletableFuture<Void>> first = sources.stream().map(JwksSource::refresh).filter(Objects::nonNull).toList();
        try {
            CompletableFuture.allOf(first.toArray(CompletableFuture[]::new)).get(timeoutMillis + 1000L, TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            LOG.warn("security: first JWKS fetch did not finish: {}", e.toString());
        }
    }
}
