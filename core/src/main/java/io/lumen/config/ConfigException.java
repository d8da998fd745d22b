package io.lumen.config;

/**
 * A configuration problem that must stop startup. The message is one line, {@code file:line: key: problem},
 * so an operator can go straight to the offending line; parts that are unknown are left out.
 */
public final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String key;
    private final String problem;

    /**
     * @param file    the file as users should see it, or {@code null} if unknown
     * @param line    1-based line, or 0 if unknown
     * @param key     the key as a readable path such as {@code paths[2].exec}, or {@code null}
     * @param problem what is wrong, in words
     */
    public ConfigException(String file, int line, String key, String problem) {
        this(file, line, key, problem, null);
    }

    public ConfigException(String file, int line, String key, String problem, Throwable cause) {
        super(format(file, line, key, problem), cause);
        this.file = file;
        this.line = Math.max(line, 0);
        this.key = key == null || key.isEmpty() ? null : key;
        this.problem = problem;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public String key() {
        return key;
    }

    public String problem() {
        return problem;
    }

    private static String format(String file, int line, String key, String problem) {
        StringBuilder sb = new StringBuilder();
        if (file != null) {
            sb.append(file);
            if (line > 0) {
                sb.append(':').append(line);
            }
        } else if (line > 0) {
            sb.append("line ").append(line);
        }
        if (key != null && !key.isEmpty()) {
            sb.append(sb.length() > 0 ? ": " : "").append(key);
        }
        sb.append(sb.length() > 0 ? ": " : "").append(problem == null ? "invalid configuration" : problem);
        return sb.toString();
    }
}
