package io.lumen.http;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A configured list of media types, each exact ({@code application/json}), any subtype
 * ({@code text/*}) or a structured suffix ({@code application/*+json}): which bodies the body
 * middleware reads, which responses the encode middleware compresses. Matches a media type as
 * {@link RequestShape#mediaType(String)} gives it (lower case, no parameters). Immutable.
 */
public final class MediaTypeSet {
    private final String[] exact;
    private final String[] anySubtype; // "text/"
    private final String[] suffix;     // {"application/", "+json"} pairs flattened

    private MediaTypeSet(List<String> types) {
        List<String> lower = types.stream().map(t -> t.trim().toLowerCase(Locale.ROOT)).toList();
        this.exact = lower.stream().filter(t -> !t.contains("*")).toArray(String[]::new);
        this.anySubtype = lower.stream().filter(t -> t.endsWith("/*")).map(t -> t.substring(0, t.length() - 1))
                .toArray(String[]::new);
        this.suffix = lower.stream().filter(t -> t.contains("/*+"))
                .flatMap(t -> Stream.of(t.substring(0, t.indexOf('*')), t.substring(t.indexOf('*') + 1)))
                .toArray(String[]::new);
    }

    /**
     * The set of {@code types}.
     *
     * @param key the config key, named in the error
     * @throws IllegalArgumentException naming {@code key} for an entry that is none of the three forms
     */
    public static MediaTypeSet of(String key, List<String> types) {
        for (String t : types) {
            String s = t == null ? "" : t.trim();
            int slash = s.indexOf('/');
            boolean ok = slash > 0 && slash < s.length() - 1 && s.indexOf('/', slash + 1) < 0
                    && s.chars().noneMatch(c -> c <= ' ' || c == ';' || c == ',');
            if (!ok) {
                throw new IllegalArgumentException(key + ": '" + t + "' is not a media type like application/json, "
                        + "text/* or application/*+json");
            }
        }
        return new MediaTypeSet(types);
    }

    /** Whether {@code mediaType} (lower case, without parameters) is in the set. */
    public boolean matches(String mediaType) {
        for (String e : exact) {
            if (e.equals(mediaType)) {
                return true;
            }
        }
        for (String prefix : anySubtype) {
            if (mediaType.startsWith(prefix)) {
                return true;
            }
        }
        for (int i = 0; i < suffix.length; i += 2) {
            if (mediaType.startsWith(suffix[i]) && mediaType.endsWith(suffix[i + 1])) {
                return true;
            }
        }
        return false;
    }
}
