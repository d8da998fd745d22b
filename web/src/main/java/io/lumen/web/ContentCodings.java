package io.lumen.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The content codings Lumen compresses and inflates itself, {@code gzip} and {@code deflate}, and
 * the check of a configured list of them ({@code encoders}, {@code decoders}). Stateless.
 */
public final class ContentCodings {
    /** Every coding Lumen handles, in its default order of preference. */
    public static final List<String> ALL = List.of("gzip", "deflate");

    private ContentCodings() {
    }

    /**
     * The configured codings, lower case, without repeats; {@link #ALL} when {@code given} is null.
     *
     * @param key  the config key, named in errors
     * @param hint added to the error for a coding that is not supported
     * @throws IllegalArgumentException for another coding or an empty list
     */
    public static List<String> parse(String key, List<String> given, String hint) {
        List<String> codings = new ArrayList<>();
        for (String c : given == null ? ALL : given) {
            String coding = c == null ? "" : c.trim().toLowerCase(Locale.ROOT);
            if (!ALL.contains(coding)) {
                throw new IllegalArgumentException(key + ": '" + c + "' is not supported; use gzip and/or deflate" + hint);
            }
            if (!codings.contains(coding)) {
                codings.add(coding);
            }
        }
        if (codings.isEmpty()) {
            throw new IllegalArgumentException(key + ": list gzip and/or deflate, or set enabled: false");
        }
        return List.copyOf(codings);
    }
}
