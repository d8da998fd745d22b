package io.lumen.codegen.example;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A short string that matches a regular expression, for the common subset of patterns specs use:
 * literals, escapes ({@code \d \w \s \.}), character classes with ranges, groups, alternation (the
 * first branch), quantifiers ({@code ? * + {n} {n,m}}) and anchors. The result is checked with
 * {@link Pattern}; null when the pattern is outside the subset or the sample does not match.
 */
public final class PatternSample {
    private final String pattern;
    private int pos;

    private PatternSample(String pattern) {
        this.pattern = pattern;
    }

    /** A matching sample, or null. */
    public static String of(String pattern) {
        try {
            PatternSample p = new PatternSample(pattern);
            String sample = p.alternation();
            if (p.pos != pattern.length()) {
                return null;
            }
            return Pattern.compile(pattern).matcher(sample).find() ? sample : null;
        } catch (RuntimeException e) { // an unsupported construct or a pattern Java cannot compile
            return null;
        }
    }

    private String alternation() {
        String first = sequence();
        while (pos < pattern.length() && pattern.charAt(pos) == '|') {
            pos++;
            sequence(); // only the first branch is produced
        }
        return first;
    }

    private String sequence() {
        StringBuilder out = new StringBuilder();
        while (pos < pattern.length()) {
            char c = pattern.charAt(pos);
            if (c == '|' || c == ')') {
                break;
            }
            if (c == '^' || c == '$') {
                pos++;
                continue;
            }
            String atom = atom();
            int[] q = quantifier();
            int times = q[0] == 0 && q[1] != 0 ? 1 : q[0]; // x? and x* still produce one: more useful samples
            if (q[1] >= 0 && times > q[1]) {
                times = q[1];
            }
            out.append(atom.repeat(times));
        }
        return out.toString();
    }

    private String atom() {
        char c = pattern.charAt(pos++);
        switch (c) {
            case '(' -> {
                if (pattern.startsWith("?:", pos)) {
                    pos += 2;
                } else if (pattern.startsWith("?", pos)) {
                    throw new IllegalArgumentException("lookaround");
                }
                String inner = alternation();
                expect(')');
                return inner;
            }
            case '[' -> {
                return characterClass();
            }
            case '\\' -> {
                return escape(pattern.charAt(pos++));
            }
            case '.' -> {
                return "a";
            }
            default -> {
                return String.valueOf(c);
            }
        }
    }

    private String escape(char e) {
        return switch (e) {
            case 'd' -> "1";
            case 'w' -> "a";
            case 's' -> " ";
            case 'D', 'S' -> "a";
            case 'W' -> "-";
            case 'b', 'B' -> "";
            case 'n' -> "\n";
            case 't' -> "\t";
            default -> {
                if (Character.isLetterOrDigit(e)) {
                    throw new IllegalArgumentException("escape \\" + e);
                }
                yield String.valueOf(e);
            }
        };
    }

    private String characterClass() {
        int open = pos - 1;
        boolean negated = pattern.charAt(pos) == '^';
        if (negated) {
            pos++;
        }
        String first = null;
        boolean start = true;
        while (pos < pattern.length() && (pattern.charAt(pos) != ']' || start)) {
            start = false;
            char c = pattern.charAt(pos++);
            String member;
            if (c == '\\') {
                member = escape(pattern.charAt(pos++));
            } else {
                member = String.valueOf(c);
                if (pos + 1 < pattern.length() && pattern.charAt(pos) == '-' && pattern.charAt(pos + 1) != ']') {
                    pos += 2; // a range: its first character is a member
                }
            }
            if (first == null) {
                first = member;
            }
        }
        expect(']');
        Pattern cls = Pattern.compile(pattern.substring(open, pos));
        for (String candidate : new String[] {negated ? null : first, "a", "1", "A", "_", "-", "x", "~", " "}) {
            if (candidate != null && cls.matcher(candidate).matches()) {
                return candidate;
            }
        }
        throw new IllegalArgumentException("no sample for " + cls);
    }

    /** {min, max} with max -1 for unbounded. */
    private int[] quantifier() {
        if (pos >= pattern.length()) {
            return new int[] {1, 1};
        }
        char c = pattern.charAt(pos);
        int[] q = switch (c) {
            case '?' -> new int[] {0, 1};
            case '*' -> new int[] {0, -1};
            case '+' -> new int[] {1, -1};
            case '{' -> null;
            default -> new int[] {1, 1};
        };
        if (q == null) {
            int close = pattern.indexOf('}', pos);
            String[] parts = pattern.substring(pos + 1, close).split(",", -1);
            int min = Integer.parseInt(parts[0].trim());
            int max = parts.length == 1 ? min : parts[1].isBlank() ? -1 : Integer.parseInt(parts[1].trim());
            pos = close + 1;
            q = new int[] {min, max};
        } else if (q[0] != 1 || q[1] != 1) {
            pos++;
        }
        if (pos < pattern.length() && (pattern.charAt(pos) == '?' || pattern.charAt(pos) == '+')) {
            pos++; // lazy or possessive: the same sample
        }
        return q;
    }

    private void expect(char c) {
        if (pos >= pattern.length() || pattern.charAt(pos) != c) {
            throw new IllegalArgumentException("expected " + c);
        }
        pos++;
    }

    static boolean matches(String pattern, String value) {
        try {
            return Pattern.compile(pattern).matcher(value).find();
        } catch (PatternSyntaxException e) {
            return false;
        }
    }
}
