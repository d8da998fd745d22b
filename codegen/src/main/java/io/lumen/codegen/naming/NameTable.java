package io.lumen.codegen.naming;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The names already taken in one Java scope (a package's classes, a record's components, an enum's
 * constants), compared without case. {@link #claim} returns the source that already holds a name,
 * so the caller can report both; {@link #unique} makes a generator-chosen name unique with a number.
 */
public final class NameTable {
    private final Map<String, String> owners = new HashMap<>();
    private final Map<String, String> spelled = new HashMap<>();

    /** Takes {@code name} for {@code source}; returns null, or the {@code source} that holds it (or a case variant). */
    public String claim(String name, String source) {
        String key = name.toLowerCase(Locale.ROOT);
        String owner = owners.get(key);
        if (owner != null) {
            return spelled.get(key).equals(name) ? owner : owner + " (as '" + spelled.get(key) + "')";
        }
        owners.put(key, source);
        spelled.put(key, name);
        return null;
    }

    /** {@code name}, or {@code name2}, {@code name3}... whichever is free first; taken for {@code source}. */
    public String unique(String name, String source) {
        String candidate = name;
        for (int n = 2; claim(candidate, source) != null; n++) {
            candidate = name + n;
        }
        return candidate;
    }

    public boolean taken(String name) {
        return owners.containsKey(name.toLowerCase(Locale.ROOT));
    }
}
