package io.lumen.config;

/**
 * Values for {@code ${key}} placeholders supplied by the application that embeds Lumen (a Spring
 * {@code Environment}, for example). The loader asks it after the environment variable and before
 * {@code values.yml}, so the embedding application's own configuration can set Lumen's values.
 * Called only while config files are loaded, possibly from several threads; must not fail.
 */
@FunctionalInterface
public interface ValueSource {
    /** No values: the default. */
    ValueSource NONE = key -> null;

    /**
     * The value of {@code key} (e.g. {@code server.serviceId}), or {@code null} when this source has
     * none. A {@code String} is typed like an environment variable ({@code true}, {@code 8080}
     * become boolean and int); any other object is used as it is.
     */
    Object value(String key);
}
