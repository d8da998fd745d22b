package io.lumen.cli.migrate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * light-4j's server.yml defaults that differ from Lumen's where the difference decides which ports
 * open: light-4j serves HTTPS only (8443, with a key store inside its jar), Lumen HTTP only (8080).
 * A setting the light-4j folder leaves to its default is written into values.yml, so the migrated
 * service listens as the light-4j one did and opens no port the config does not ask for.
 */
final class ServerDefaults {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{[^:}]+(?::([^}]*))?}");

    private ServerDefaults() {
    }

    /**
     * @param serverYml the light-4j server.yml's keys (empty if there is none), as written
     * @param values    the values.yml being migrated
     * @param source    the light-4j folder, to find its key store
     */
    static void apply(Map<String, Object> serverYml, ValuesFile values, Path source, MigrationReport report) {
        Object http = setting(serverYml, values, "enableHttp");
        Object https = setting(serverYml, values, "enableHttps");
        boolean httpOn = http == null ? false : Boolean.parseBoolean(String.valueOf(http));
        boolean httpsOn = https == null || Boolean.parseBoolean(String.valueOf(https));
        if (!httpsOn) {
            httpOff(http, values, report);
            return;
        }
        Object store = setting(serverYml, values, "keystoreName");
        String storeName = store == null ? "server.keystore" : String.valueOf(store);
        boolean storeHere = !storeName.contains("${") && Files.isRegularFile(source.resolve(storeName));
        if (storeHere) {
            if (https == null) {
                values.add("server.enableHttps", true);
                report.changed("values.yml: server.enableHttps: true added (light-4j's default; Lumen's is false)");
            }
            httpOff(http, values, report);
            for (String key : new String[] {"keystorePass", "keyPass"}) {
                if (setting(serverYml, values, key) == null) {
                    values.add("server." + key, "password");
                    report.changed("values.yml: server." + key + ": password added (light-4j's default; Lumen has none)");
                }
            }
            return;
        }
        // light-4j's own jar held the key store (a test certificate): Lumen ships none
        values.add("server.enableHttps", false);
        report.notCarried("HTTPS: light-4j served it with the key store inside its jar (" + storeName + " is not in the"
                + " folder); server.enableHttps: false added. Put your key store in the folder and set server.enableHttps:"
                + " true, server.keystoreName and server.keystorePass");
        if (!httpOn) {
            values.add("server.enableHttp", true);
            report.changed("values.yml: server.enableHttp: true added so that the service has a listener: plain HTTP on"
                    + " server.httpPort until HTTPS has a key store (light-4j's default was false)");
        }
    }

    /** light-4j's HTTP default (off) written out when the folder leaves it to the default. */
    private static void httpOff(Object http, ValuesFile values, MigrationReport report) {
        if (http == null) {
            values.add("server.enableHttp", false);
            report.changed("values.yml: server.enableHttp: false added (light-4j's default; Lumen's is true)");
        }
    }

    /**
     * The value the light-4j folder gives {@code key}: server.yml's literal, else values.yml's, else
     * the default of server.yml's {@code ${server.key:default}}; null when only light-4j's jar sets it.
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
