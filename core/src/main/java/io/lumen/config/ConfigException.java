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
    private final java.util.List<ConfigException> problems;

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
        this.problems = java.util.List.of(this);
    }

    private ConfigException(java.util.List<ConfigException> all) {
        super(all.size() + " configuration problems:" + all.stream().map(e -> "\n  " + e.getMessage())
                .collect(java.util.stream.Collectors.joining()), all.get(0));
        this.file = null;
        this.line = 0;
        this.key = null;
        this.problem = getMessage();
        this.problems = java.util.List.copyOf(all);
    }

    /**
     * One exception for every problem found in one pass, each on its own line ({@code N configuration
     * problems:} then {@code file:line: key: problem} per line); the problem itself if there is one.
     * Nested collections are flattened.
     */
    public static ConfigException of(java.util.List<ConfigException> found) {
        java.util.List<ConfigException> all = new java.util.ArrayList<>();
        for (ConfigException e : found) {
            for (ConfigException p : e.problems()) {
                if (all.stream().noneMatch(seen -> seen.getMessage().equals(p.getMessage()))) {
                    all.add(p);
                }
            }
        }
        if (all.isEmpty()) {
            throw new IllegalArgumentException("no problems");
        }
        return all.size() == 1 ? all.get(0) : new ConfigException(all);
    }

    /** Every problem this exception reports: itself, or each one of a collection ({@link #of}). */
    public java.util.List<ConfigException> problems() {
        return problems;
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
