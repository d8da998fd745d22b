package io.lumen.handler.logger;

/**
 * {@code logger.yml}.
 *
 * @param enabled when false, {@code /adm/logger} answers 404 {@code ERR10048} (true)
 */
public record LoggerConfig(Boolean enabled) {
    public LoggerConfig {
        enabled = enabled == null || enabled;
    }
}
