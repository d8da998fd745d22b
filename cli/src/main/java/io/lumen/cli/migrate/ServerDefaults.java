package io.lumen.cli.migrate;

import io.lumen.config.Light4jDefaults;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The listeners of the migrated service. A folder without server.yml ran on light-4j's shipped one:
 * the values Lumen takes from it at startup ({@link Light4jDefaults}, the one place that knows them)
 * are written into values.yml, so the migrated folder says what it runs on. HTTPS the folder switches
 * on without its key store (light-4j used the test key store inside its jar) would stop Lumen at
 * startup: migrate switches it off and serves plain HTTP instead, said in the report.
 */
final class ServerDefaults {
    private static final List<String> KEYS = List.of("enableHttps", "enableHttp", "keystorePass", "keyPass");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{[^:}]+(?::([^}]*))?}");

    private ServerDefaults() {
    }

    /**
     * @param serverYml the light-4j server.yml's keys as written, or null when the folder has none
     * @param values    the values.yml being migrated
     * @param source    the light-4j folder, to find its key store
     */
    static void apply(Map<String, Object> serverYml, ValuesFile values, Path source, MigrationReport report) {
        if (serverYml == null) {
            Map<String, Object> light4j = new LinkedHashMap<>(); // asked of the folder as written, then added
            for (String key : KEYS) {
                // as written: a key migrate removed (an encrypted password) is still set by the folder
                Object value = values.values().containsKey("server." + key) ? null : Light4jDefaults.value("server", key,
                        k -> values.values().get(k), f -> Files.isRegularFile(source.resolve(f)));
                if (value != null) {
                    light4j.put(key, value);
                }
            }
            light4j.forEach((key, value) -> {
                values.add("server." + key, value);
                report.changed("values.yml: server." + key + ": " + value + " added (light-4j's default from its jar's"
                        + " server.yml, as Lumen takes it for a folder without one)");
            });
        }
        Map<String, Object> written = serverYml == null ? Map.of() : serverYml;
        if (!Boolean.parseBoolean(String.valueOf(setting(written, values, "enableHttps")))) {
            if (serverYml == null) {
                report.notCarried("HTTPS: light-4j served it with the key store inside its jar (" + storeName(written, values)
                        + " is not in the folder); Lumen listens on plain HTTP (server.httpPort). Put your key store in the"
                        + " folder and set server.enableHttps: true, server.keystoreName and server.keystorePass");
            }
            return;
        }
        String store = storeName(written, values);
        if (store.contains("${") || Files.isRegularFile(source.resolve(store))) {
            return;
        }
        values.add("server.enableHttps", false);
        report.notCarried("HTTPS: light-4j served it with the key store inside its jar (" + store + " is not in the"
                + " folder); server.enableHttps: false added. Put your key store in the folder and set server.enableHttps:"
                + " true, server.keystoreName and server.keystorePass");
        if (!Boolean.parseBoolean(String.valueOf(setting(written, values, "enableHttp")))) {
            values.add("server.enableHttp", true);
            report.changed("values.yml: server.enableHttp: true added so that the service has a listener: plain HTTP on"
                    + " server.httpPort until HTTPS has a key store");
        }
    }

    private static String storeName(Map<String, Object> serverYml, ValuesFile values) {
        Object store = setting(serverYml, values, "keystoreName");
        return store == null ? "server.keystore" : String.valueOf(store);
    }

    /**
     * The value the folder gives {@code key}: server.yml's literal, else values.yml's, else the default of
     * server.yml's {@code ${server.key:default}}; null when it gives none.
     */
    private static Object setting(Map<String, Object> serverYml, ValuesFile values, String key) {
        Object written = serverYml.get(key);
        if (written != null && !String.valueOf(written).contains("${")) {
            return written;
        }
        Object value = values.get("server." + key);
        if (value != null || written == null) {
            return value;
        }
        Matcher m = PLACEHOLDER.matcher(String.valueOf(written).trim());
        return m.matches() && m.group(1) != null && !m.group(1).isEmpty() ? m.group(1) : null;
    }
}
