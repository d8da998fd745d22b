package io.lumen.path;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A parsed route template such as {@code /v1/pets/{petId}}, {@code /Accounts/{Sid}.json} or
 * {@code /static/*}. Segments are literal, a parameter (the whole segment, or one parameter with
 * literal text before and/or after it, as OpenAPI path templating allows), or a final {@code *} that
 * matches the rest of the path (including nothing).
 */
public final class PathTemplate {
    private static final Pattern PARAM = Pattern.compile("([^{}*]*)\\{([A-Za-z_][A-Za-z0-9_.\\-]*)}([^{}*]*)");

    /**
     * One segment before the wildcard: a {@code literal}, or the parameter {@code name} with the literal
     * {@code prefix} and {@code suffix} around it in the segment (both empty for a whole segment).
     */
    public record Segment(String literal, String name, String prefix, String suffix) {
        public boolean isParameter() {
            return literal == null;
        }

        /** Literal text around the parameter: such a segment is tried before a whole-segment parameter. */
        public boolean isAffixed() {
            return literal == null && !(prefix.isEmpty() && suffix.isEmpty());
        }

        /** The length of the text around the parameter: routers try the segment with the most text first. */
        public int affixLength() {
            return prefix.length() + suffix.length();
        }

        /**
         * Whether {@code path[start, end)}, one request segment, is this affixed parameter's prefix, a
         * non-empty value and its suffix; the value is then {@code [start + prefix.length(), end - suffix.length())}.
         */
        public boolean matchesAffixed(String path, int start, int end) {
            return end - start > affixLength() && path.startsWith(prefix, start) && path.startsWith(suffix, end - suffix.length());
        }
    }

    private final String text;
    private final Segment[] parts;
    private final List<String> paramNames; // in order of appearance
    private final boolean wildcard;
    /** The parameter names, then "*" for a wildcard: shared by every request's path parameters (never written). */
    private final String[] attachmentNames;

    private PathTemplate(String text, Segment[] parts, List<String> paramNames, boolean wildcard) {
        this.text = text;
        this.parts = parts;
        this.paramNames = paramNames;
        this.wildcard = wildcard;
        String[] names = paramNames.toArray(new String[paramNames.size() + (wildcard ? 1 : 0)]);
        if (wildcard) {
            names[names.length - 1] = "*";
        }
        this.attachmentNames = names;
    }

    /** Parses {@code text}; throws {@link IllegalArgumentException} saying what is wrong. */
    public static PathTemplate parse(String text) {
        if (text == null || !text.startsWith("/")) {
            throw new IllegalArgumentException("a path must start with '/', got '" + text + "'");
        }
        List<Segment> parts = new ArrayList<>();
        List<String> params = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        boolean wildcard = false;
        String body = text.substring(1);
        String[] segments = body.isEmpty() ? new String[0] : body.split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            String s = segments[i];
            boolean last = i == segments.length - 1;
            if (s.equals("*")) {
                if (!last) {
                    throw new IllegalArgumentException("'*' is only allowed as the last segment of '" + text + "'");
                }
                wildcard = true;
            } else if (s.contains("{")) {
                var m = PARAM.matcher(s);
                if (!m.matches()) {
                    throw new IllegalArgumentException("segment '" + s + "' of '" + text + "' is not a parameter: write "
                            + "{name}, with literal text around it at most (one parameter per segment)");
                }
                if (!seen.add(m.group(2))) {
                    throw new IllegalArgumentException("parameter {" + m.group(2) + "} appears twice in '" + text + "'");
                }
                parts.add(new Segment(null, m.group(2), m.group(1), m.group(3)));
                params.add(m.group(2));
            } else if (s.contains("}") || s.contains("*")) {
                throw new IllegalArgumentException("segment '" + s + "' of '" + text
                        + "' mixes text with '{', '}' or '*': parameters and '*' must be whole segments");
            } else if (s.isEmpty() && !last) {
                throw new IllegalArgumentException("'" + text + "' has an empty segment ('//')");
            } else {
                parts.add(new Segment(s, null, "", ""));
            }
        }
        return new PathTemplate(text, parts.toArray(new Segment[0]), List.copyOf(params), wildcard);
    }

    public String text() {
        return text;
    }

    /** True when the template has no parameters and no wildcard: it matches one path exactly. */
    public boolean isLiteral() {
        return paramNames.isEmpty() && !wildcard;
    }

    public boolean hasWildcard() {
        return wildcard;
    }

    public List<String> paramNames() {
        return paramNames;
    }

    /** The parameter names, then {@code *} when there is a wildcard; shared, never to be written. */
    public String[] attachmentNames() {
        return attachmentNames;
    }

    /** The segments before the wildcard. */
    public List<Segment> parts() {
        return List.of(parts);
    }

    /** The template with parameter names erased: equal shapes match the same requests. */
    public String shape() {
        StringBuilder b = new StringBuilder();
        for (Segment p : parts) {
            b.append('/').append(p.isParameter() ? p.prefix() + "{}" + p.suffix() : p.literal());
        }
        if (wildcard) {
            b.append("/*");
        }
        return b.length() == 0 ? "/" : b.toString();
    }

    @Override
    public String toString() {
        return text;
    }
}
