package io.lumen.web.resource;

import io.lumen.handler.prefix.PathPrefixes;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * The {@code Cache-Control} of a served file: hashed file names (their content never changes under
 * that name) get the long-lived value; anything else the value of the longest matching path prefix
 * within the location, or none. Immutable.
 */
final class CacheRules {
    private final Map<String, String> byPrefix;
    private final Pattern hashed;
    private final String hashedValue;

    CacheRules(StaticConfig.Location location) {
        this.byPrefix = location.cacheControl();
        this.hashed = Pattern.compile(location.hashedAssets());
        this.hashedValue = location.hashedCacheControl();
    }

    /** The value for {@code path} (within the location, starting with {@code /}), or {@code null}. */
    String valueFor(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (!name.isEmpty() && hashed.matcher(name).matches()) {
            return hashedValue;
        }
        String prefix = PathPrefixes.longest(byPrefix, path);
        return prefix == null ? null : byPrefix.get(prefix);
    }
}
