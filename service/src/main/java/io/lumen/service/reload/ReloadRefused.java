package io.lumen.service.reload;

import io.lumen.config.ConfigException;

import io.lumen.status.ErrorCodes;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Why a reload did not happen; the generation that was serving keeps serving. Carries the status
 * code the {@code reload} handler answers, the arguments of its description and extra fields of
 * the error JSON ({@code generation}; {@code file}, {@code line}, {@code key}, {@code problem} for a
 * config error). Immutable.
 */
public final class ReloadRefused extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** 422: a config file is wrong ({@code file:line: key: problem}). */
    public static final String INVALID = ErrorCodes.CONFIG_RELOAD_INVALID;
    /** 409: server.yml changed; listeners and threads change only at a restart. */
    public static final String NEEDS_RESTART = ErrorCodes.CONFIG_RELOAD_NEEDS_RESTART;
    /** 503: the service is stopping, or cannot reload at all. */
    public static final String UNAVAILABLE = ErrorCodes.CONFIG_RELOAD_UNAVAILABLE;
    /** 500: building the new generation failed otherwise (a startup hook, a handler's constructor). */
    public static final String FAILED = ErrorCodes.CONFIG_RELOAD_FAILED;

    private final String code;
    private final transient Object[] args;
    private final transient Map<String, Object> details;

    private ReloadRefused(String code, String message, Object[] args, Map<String, Object> details, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.args = args;
        this.details = Map.copyOf(details);
    }

    static ReloadRefused invalid(long serving, ConfigException e) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("generation", serving);
        if (e.file() != null) {
            details.put("file", e.file());
        }
        if (e.line() > 0) {
            details.put("line", e.line());
        }
        if (e.key() != null) {
            details.put("key", e.key());
        }
        details.put("problem", String.valueOf(e.problem()));
        return new ReloadRefused(INVALID, e.getMessage(), new Object[] {serving, e.getMessage()}, details, e);
    }

    static ReloadRefused needsRestart(long serving, String what) {
        return new ReloadRefused(NEEDS_RESTART, what, new Object[] {serving, what}, Map.of("generation", serving), null);
    }

    static ReloadRefused unavailable(String why) {
        return new ReloadRefused(UNAVAILABLE, why, new Object[] {why}, Map.of(), null);
    }

    static ReloadRefused failed(long serving, Throwable cause) {
        String why = oneLine(cause);
        return new ReloadRefused(FAILED, why, new Object[] {serving, why}, Map.of("generation", serving), cause);
    }

    /** The catalogue code the reload handler answers. */
    public String code() {
        return code;
    }

    /** The arguments of the code's description. */
    public Object[] args() {
        return args.clone();
    }

    /** Extra fields of the error JSON. */
    public Map<String, Object> details() {
        return details;
    }

    /** The exception's own message (a hook's, a constructor's), one line, at most 300 characters. */
    private static String oneLine(Throwable t) {
        String m = t.getMessage() == null ? t.getClass().getName() : t.getMessage();
        m = m.replaceAll("\\s+", " ").trim();
        return m.length() > 300 ? m.substring(0, 300) + "..." : m;
    }
}
