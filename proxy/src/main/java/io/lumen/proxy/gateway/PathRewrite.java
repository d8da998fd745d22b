package io.lumen.proxy.gateway;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * How a route changes the path it sends upstream. Works on the raw (still percent-encoded) path,
 * so what the client encoded stays encoded; the query string is not part of it and goes unchanged.
 * Immutable and thread-safe.
 */
abstract sealed class PathRewrite {
    /** The path as it came. */
    static final PathRewrite NONE = new None();

    /** The new raw path for {@code rawPath} (which the route's prefix matched, segment-wise). */
    abstract String apply(String rawPath);

    /** Without the route's prefix: {@code /api/pets} under {@code /api} -> {@code /pets}. */
    static PathRewrite strip(String prefix) {
        return new Replace(segments(prefix), "");
    }

    /** With the route's prefix replaced: {@code /api/pets} under {@code /api} with {@code /v2} -> {@code /v2/pets}. */
    static PathRewrite replace(String prefix, String replacement) {
        return new Replace(segments(prefix), trimSlash(replacement));
    }

    /** light-4j's urlRewriteRules: the first rule whose regex matches the whole path replaces it. */
    static PathRewrite rules(List<Rule> rules) {
        return rules.isEmpty() ? NONE : new Rules(rules.toArray(Rule[]::new));
    }

    /** One {@code "regex replacement"} rule. */
    record Rule(Pattern pattern, String replacement) {
        /**
         * Parses {@code "regex replacement"} (split at the first run of spaces).
         *
         * @throws IllegalArgumentException naming what is wrong
         */
        static Rule parse(String line) {
            String text = line == null ? "" : line.trim();
            String[] parts = text.split("\\s+", 2);
            if (parts.length != 2 || parts[1].isBlank()) {
                throw new IllegalArgumentException("a rewrite is 'regex replacement' (e.g. '/v1/pets(.*)$ /pets$1'), got '" + text + "'");
            }
            Pattern pattern;
            try {
                pattern = Pattern.compile(parts[0]);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("'" + parts[0] + "' is not a regular expression: " + e.getDescription());
            }
            String replacement = parts[1].trim();
            // light-router's own rules start with a group holding the leading slash ('(/tutorial/.*)/wordpress/... $1/cms/...')
            if (!replacement.startsWith("/") && !(replacement.length() > 1 && replacement.charAt(0) == '$'
                    && Character.isDigit(replacement.charAt(1)))) {
                throw new IllegalArgumentException("the replacement '" + replacement + "' must be a path starting with / or"
                        + " with a group ($1)");
            }
            int groups = pattern.matcher("").groupCount();
            for (int i = 0; i < replacement.length(); i++) { // a group the regex does not have fails here, not per request
                char c = replacement.charAt(i);
                if (c == '\\') {
                    i++;
                } else if (c == '$' && (i + 1 == replacement.length() || !Character.isDigit(replacement.charAt(i + 1))
                        || replacement.charAt(i + 1) - '0' > groups)) {
                    throw new IllegalArgumentException("the replacement '" + replacement + "' refers to a group the regex does not"
                            + " have (it has " + groups + "; a literal $ is \\$)");
                }
            }
            return new Rule(pattern, replacement);
        }
    }

    /** Segments of a normalised prefix: {@code /} 0, {@code /api} 1, {@code /api/v1} 2. */
    private static int segments(String prefix) {
        String p = trimSlash(prefix);
        int n = 0;
        for (int i = 0; i < p.length(); i++) {
            if (p.charAt(i) == '/') {
                n++;
            }
        }
        return n;
    }

    /** {@code /api/} -> {@code /api}, {@code /} -> empty. */
    static String trimSlash(String path) {
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    private static final class None extends PathRewrite {
        @Override
        String apply(String rawPath) {
            return rawPath;
        }
    }

    /**
     * Drops the prefix's segments from the raw path (counted, not compared: the decoded path the
     * prefix matched and the raw one have the same segments, as the path guard refuses encoded
     * slashes) and puts {@code replacement} before the rest.
     */
    private static final class Replace extends PathRewrite {
        private final int segments;
        private final String replacement;

        Replace(int segments, String replacement) {
            this.segments = segments;
            this.replacement = replacement;
        }

        @Override
        String apply(String rawPath) {
            int at = 0;
            for (int seen = 0; seen < segments && at >= 0; seen++) {
                at = rawPath.indexOf('/', at + 1);
            }
            String rest = at < 0 ? "" : rawPath.substring(at);
            String path = replacement + rest;
            return path.isEmpty() ? "/" : path;
        }
    }

    private static final class Rules extends PathRewrite {
        private final Rule[] rules;

        Rules(Rule[] rules) {
            this.rules = rules;
        }

        @Override
        String apply(String rawPath) {
            for (Rule rule : rules) {
                Matcher m = rule.pattern().matcher(rawPath);
                if (m.matches()) {
                    String path = m.replaceFirst(rule.replacement());
                    return path.startsWith("/") ? path : "/" + path; // a group without the slash still gives a path
                }
            }
            return rawPath;
        }
    }
}
