package io.lumen.spring.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code lumen.*} properties of a Spring application. Everything else Lumen reads from its own
 * files (handler.yml, security.yml, ...), whose {@code ${key}} placeholders also resolve from the
 * application's Spring properties.
 */
@ConfigurationProperties(prefix = "lumen")
public class LumenProperties {
    /** Who answers requests that no handler.yml path matches. */
    public enum Unmatched {
        /** Spring MVC, as if Lumen were not there. */
        SPRING,
        /** Lumen: 404 ERR10048, or 405 ERR10008 with Allow when the path has other methods. */
        LUMEN
    }

    /** Whether Lumen's handler.yml routes run in front of Spring MVC. */
    private boolean enabled = true;

    /**
     * Directories of Lumen's config files (handler.yml, security.yml, openapi.yaml, ...), separated
     * like a class path; the first that has a file wins. Default: the light-4j-config-dir system
     * property, then the classpath folder config/.
     */
    private String configDir;

    /** Who answers requests that no handler.yml path matches (unless handler.yml declares defaultHandlers). */
    private Unmatched unmatched = Unmatched.SPRING;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public String getConfigDir() {
        return configDir;
    }

    public void setConfigDir(String configDir) {
        this.configDir = configDir;
    }

    public Unmatched getUnmatched() {
        return unmatched;
    }

    public void setUnmatched(Unmatched unmatched) {
        this.unmatched = unmatched;
    }
}
