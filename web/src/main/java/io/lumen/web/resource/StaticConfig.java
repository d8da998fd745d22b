package io.lumen.web.resource;

import io.lumen.handler.prefix.PathPrefixes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code static.yml}. Every key is optional except the locations' {@code prefix} and one of
 * {@code folder} / {@code classpath}; unknown keys fail startup.
 *
 * @param enabled   link the handler (true)
 * @param locations what is served under which URL path prefix; the longest matching prefix wins
 */
public record StaticConfig(Boolean enabled, List<Location> locations) {

    public StaticConfig {
        enabled = enabled == null || enabled;
        locations = locations == null ? List.of() : List.copyOf(locations);
        List<String> seen = new ArrayList<>();
        for (Location l : locations) {
            if (l == null) {
                throw new IllegalArgumentException("locations: an entry is empty");
            }
            if (seen.contains(l.prefix())) {
                throw new IllegalArgumentException("locations: the prefix " + l.prefix() + " is listed twice");
            }
            seen.add(l.prefix());
        }
        if (enabled && locations.isEmpty()) {
            throw new IllegalArgumentException("locations: list at least one {prefix, folder or classpath}, "
                    + "or set enabled: false");
        }
    }

    /**
     * One served location.
     *
     * @param prefix             the URL path prefix, whole segments ({@code /app}; {@code /} for everything)
     * @param folder             a directory on disk (relative: to the working directory)
     * @param classpath          a classpath folder instead ({@code public}, {@code META-INF/resources})
     * @param indexFiles         what a directory answers ({@code [index.html]})
     * @param spa                single-page app: a GET for a path under the prefix that is no file, whose last
     *                           segment has no dot and that is not under {@code apiPrefixes}, answers the first
     *                           index file (false)
     * @param apiPrefixes        request path prefixes that never get the SPA fallback (a 404 error JSON instead)
     * @param cacheControl       path prefix (within the location) -> {@code Cache-Control} value; the longest
     *                           prefix wins ({@code {/: no-cache}}: revalidate with the ETag)
     * @param hashedAssets       a regular expression for file names carrying a content hash
     *                           ({@code app.3f9a1c2e.js}); they get {@code hashedCacheControl}
     * @param hashedCacheControl {@code Cache-Control} of hashed files ({@code public, max-age=31536000, immutable})
     * @param precompressed      content codings served from sibling files, preferred in this order
     *                           ({@code [br, gzip]}: {@code app.js.br}, {@code app.js.gz}); {@code []} for none
     * @param followSymlinks     serve symbolic links (false: a link, wherever it points, is not found)
     * @param memoryCacheMaxFileSize files up to this many bytes are kept in memory and answered on the IO
     *                           thread (65536; 0 turns the memory cache off)
     * @param memoryCacheEntries at most this many paths kept in memory (1024)
     * @param memoryCacheValidity milliseconds a kept file is answered before the file system is asked again
     *                           (2000): an edited or deleted file shows within this time
     */
    public record Location(String prefix, String folder, String classpath, List<String> indexFiles, Boolean spa,
                           List<String> apiPrefixes, Map<String, String> cacheControl, String hashedAssets,
                           String hashedCacheControl, List<String> precompressed, Boolean followSymlinks,
                           Long memoryCacheMaxFileSize, Integer memoryCacheEntries, Long memoryCacheValidity) {
        /** Default {@code hashedAssets}: a dot or dash, 8 or more hex digits, then the extension. */
        public static final String HASHED = "^.+[.-][0-9a-fA-F]{8,}\\.[A-Za-z0-9]+$";
        private static final List<String> CODINGS = List.of("br", "gzip");

        public Location {
            PathPrefixes.check("locations.prefix", prefix);
            prefix = trimmed(prefix);
            String where = "locations " + prefix + ": ";
            folder = blank(folder) ? null : folder.trim();
            classpath = blank(classpath) ? null : classpath.trim();
            if ((folder == null) == (classpath == null)) {
                throw new IllegalArgumentException(where + "set exactly one of folder and classpath");
            }
            indexFiles = indexFiles == null ? List.of("index.html") : List.copyOf(indexFiles);
            for (String f : indexFiles) {
                if (blank(f) || f.contains("/") || f.contains("\\")) {
                    throw new IllegalArgumentException(where + "indexFiles: '" + f + "' is not a file name");
                }
            }
            spa = spa != null && spa;
            if (spa && indexFiles.isEmpty()) {
                throw new IllegalArgumentException(where + "spa needs an index file");
            }
            apiPrefixes = apiPrefixes == null ? List.of() : List.copyOf(apiPrefixes);
            apiPrefixes.forEach(p -> PathPrefixes.check(where + "apiPrefixes", p));
            Map<String, String> rules = new LinkedHashMap<>();
            (cacheControl == null ? Map.of("/", "no-cache") : cacheControl).forEach((p, v) -> {
                PathPrefixes.check(where + "cacheControl", p);
                if (blank(v) || v.chars().anyMatch(c -> c < ' ' || c == 127)) {
                    throw new IllegalArgumentException(where + "cacheControl." + p + ": not a header value");
                }
                rules.put(p, v.trim());
            });
            cacheControl = Map.copyOf(rules);
            hashedAssets = blank(hashedAssets) ? HASHED : hashedAssets;
            try {
                Pattern.compile(hashedAssets);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException(where + "hashedAssets is not a regular expression: "
                        + e.getDescription());
            }
            hashedCacheControl = blank(hashedCacheControl) ? "public, max-age=31536000, immutable" : hashedCacheControl.trim();
            List<String> codings = new ArrayList<>();
            for (String c : precompressed == null ? CODINGS : precompressed) {
                String coding = c == null ? "" : c.trim().toLowerCase(Locale.ROOT);
                if (!CODINGS.contains(coding)) {
                    throw new IllegalArgumentException(where + "precompressed: '" + c
                            + "' is not br or gzip");
                }
                codings.add(coding);
            }
            precompressed = List.copyOf(codings);
            followSymlinks = followSymlinks != null && followSymlinks;
            memoryCacheMaxFileSize = atLeast(where + "memoryCacheMaxFileSize", memoryCacheMaxFileSize, 65_536L, 0);
            memoryCacheEntries = (int) atLeast(where + "memoryCacheEntries",
                    memoryCacheEntries == null ? null : memoryCacheEntries.longValue(), 1024L, 0);
            memoryCacheValidity = atLeast(where + "memoryCacheValidity", memoryCacheValidity, 2000L, 1);
            if (memoryCacheMaxFileSize > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException(where + "memoryCacheMaxFileSize must be below 2 GB");
            }
        }

        private static long atLeast(String key, Long value, long fallback, long min) {
            long v = value == null ? fallback : value;
            if (v < min) {
                throw new IllegalArgumentException(key + " must be at least " + min + ", got " + v);
            }
            return v;
        }

        private static String trimmed(String prefix) {
            return prefix.length() > 1 && prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
        }

        private static boolean blank(String s) {
            return s == null || s.isBlank();
        }
    }
}
