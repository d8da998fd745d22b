package io.lumen.spring.actuate;

import io.lumen.server.Readiness;
import io.lumen.spring.embed.LumenEmbedding;

import java.util.Map;

/**
 * Lumen's part of Spring's health, for both starters' health indicators (whose Boot types differ):
 * UP while Lumen serves ({@code READY}), OUT_OF_SERVICE while starting or draining, DOWN once stopped;
 * details: the state and the number of routes.
 */
public final class LumenHealth {
    private LumenHealth() {
    }

    /** Spring's status code for Lumen's state. */
    public static String status(LumenEmbedding lumen) {
        return switch (lumen.state()) {
            case READY -> "UP";
            case STOPPED -> "DOWN";
            default -> "OUT_OF_SERVICE";
        };
    }

    public static Map<String, Object> details(LumenEmbedding lumen) {
        Readiness.State state = lumen.state();
        return Map.of("state", state.name(), "routes", lumen.routes().size());
    }
}
