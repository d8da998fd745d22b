package io.lumen.security.keys;

import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * light-4j's key servers: where its {@code JsonWebKeySet} resolver fetches the JWKS, client.yml's
 * {@code oauth.token.key} ({@code server_url} + {@code uri}); with {@code oauth.multipleAuthServers: true}
 * each entry of {@code oauth.token.key.serviceIdAuthServers} (a map, or the JSON/YAML string values.yml
 * gives), skipping entries with {@code client_id} and {@code client_secret} (light-4j's token
 * introspection entries, not key servers). Each server's {@code audience} is an accepted {@code aud}.
 * Startup only.
 */
public final class KeyServers {
    /**
     * One JWKS endpoint.
     *
     * @param jwks     {@code server_url} + {@code uri}
     * @param audience the {@code audience} set beside it, or null
     */
    public record Server(URI jwks, String audience) {
    }

    private KeyServers() {
    }

    /** The key servers client.yml names; empty when there is no client.yml or no {@code oauth.token.key}. */
    public static List<Server> read(ConfigLoader loader) {
        Optional<ConfigFile> file = loader.find("client");
        if (file.isEmpty() || !(file.get().tree() instanceof Map<?, ?> root)
                || !(root.get("oauth") instanceof Map<?, ?> oauth) || !(oauth.get("token") instanceof Map<?, ?> token)
                || !(token.get("key") instanceof Map<?, ?> key)) {
            return List.of();
        }
        ConfigFile client = file.get();
        List<Server> servers = new ArrayList<>();
        if (Boolean.TRUE.equals(oauth.get("multipleAuthServers")) || "true".equals(oauth.get("multipleAuthServers"))) {
            String at = "/oauth/token/key/serviceIdAuthServers";
            for (Map.Entry<String, Object> e : entries(client, at, key.get("serviceIdAuthServers")).entrySet()) {
                if (!(e.getValue() instanceof Map<?, ?> server)) {
                    throw client.error(at, "entry " + e.getKey() + ": expected a map with server_url and uri");
                }
                if (server.get("client_id") != null && server.get("client_secret") != null) {
                    continue; // light-4j: an introspection entry (simple web tokens), not a key server
                }
                servers.add(server(client, at + "/" + e.getKey(), server, key));
            }
            if (servers.isEmpty()) {
                throw client.error(at, "multipleAuthServers is true but serviceIdAuthServers names no key server");
            }
        } else if (key.get("server_url") != null) {
            servers.add(server(client, "/oauth/token/key", key, Map.of()));
        }
        return List.copyOf(servers);
    }

    private static Server server(ConfigFile client, String at, Map<?, ?> server, Map<?, ?> defaults) {
        String url = text(server.get("server_url"), defaults.get("server_url"));
        String uri = text(server.get("uri"), defaults.get("uri"));
        if (url == null || uri == null) {
            throw client.error(at, "a key server needs server_url and uri (the JWKS path, e.g. /oauth2/default/v1/keys)");
        }
        URI jwks;
        try {
            jwks = URI.create(url.replaceAll("/+$", "") + (uri.startsWith("/") ? uri : "/" + uri));
        } catch (IllegalArgumentException e) {
            throw client.error(at + "/server_url", "not a URL: " + url);
        }
        if (!"http".equals(jwks.getScheme()) && !"https".equals(jwks.getScheme()) || jwks.getHost() == null) {
            throw client.error(at + "/server_url", "expected http(s)://host[:port], got " + url);
        }
        return new Server(jwks, text(server.get("audience"), null));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> entries(ConfigFile client, String at, Object value) {
        if (value instanceof String s && !s.isBlank()) {
            try {
                value = new Yaml(new SafeConstructor(new LoaderOptions())).load(s);
            } catch (YAMLException e) {
                throw client.error(at, "not a map of serviceId -> {server_url, uri}");
            }
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw client.error(at, "expected a map of serviceId -> {server_url, uri}");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        ((Map<Object, Object>) map).forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
    }

    private static String text(Object value, Object fallback) {
        Object v = value != null ? value : fallback;
        return v == null || String.valueOf(v).isBlank() ? null : String.valueOf(v).trim();
    }
}
