package io.lumen.config;

/**
 * Where a value injected into a config file was written: a values.yml key and its line. Errors about
 * an injected value name this place, not the placeholder that referred to it.
 *
 * @param file the values file as users should see it ({@code /config/values.yml})
 * @param line its 1-based line, or 0 if unknown
 * @param key  the values.yml key ({@code server.httpPort})
 */
public record ValueOrigin(String file, int line, String key) {

    @Override
    public String toString() {
        return file + (line > 0 ? ":" + line : "") + ": " + key;
    }
}
