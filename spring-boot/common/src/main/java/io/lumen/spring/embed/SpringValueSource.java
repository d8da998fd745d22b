package io.lumen.spring.embed;

import io.lumen.config.ConfigException;
import io.lumen.config.ValueSource;
import org.springframework.core.env.Environment;

/**
 * Lumen's {@code ${key}} placeholders from Spring's {@link Environment}: application.yml, profiles,
 * command-line arguments, system properties. Asked after the environment variable and before
 * values.yml. Values come as strings and are typed like environment variables.
 */
final class SpringValueSource implements ValueSource {
    private final Environment environment;

    SpringValueSource(Environment environment) {
        this.environment = environment;
    }

    @Override
    public Object value(String key) {
        try {
            return environment.getProperty(key);
        } catch (RuntimeException e) { // e.g. a Spring ${...} inside the value that does not resolve
            throw new ConfigException("Spring Environment", 0, key, String.valueOf(e.getMessage()), e);
        }
    }
}
