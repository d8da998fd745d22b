package io.lumen.handler.exception;

/**
 * {@code exception.yml}.
 *
 * @param enabled        link the exception middleware into chains (true)
 * @param logStackTraces log the stack trace of 5xx failures (true); never sent to clients either way
 */
public record ExceptionConfig(Boolean enabled, Boolean logStackTraces) {
    public ExceptionConfig {
        enabled = enabled == null || enabled;
        logStackTraces = logStackTraces == null || logStackTraces;
    }
}
