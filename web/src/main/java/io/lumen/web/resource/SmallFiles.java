package io.lumen.web.resource;

import io.undertow.server.handlers.resource.RangeAwareResource;
import io.undertow.server.handlers.resource.Resource;
import io.undertow.server.handlers.resource.ResourceManager;
import io.undertow.util.DateUtils;
import io.undertow.util.ETag;
import io.undertow.util.MimeMappings;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Date;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The small files of one location, kept in memory so that a request for one is answered on the IO
 * thread (Undertow's resource handler moves every request to the worker pool for its file-system
 * calls, which is what made a 4 KB file cost several times nginx's CPU). A file is looked at again
 * once its entry is older than the validity, so an edited or deleted file shows within that time, as
 * with nginx's {@code open_file_cache_valid}. Only regular files up to the size limit without
 * precompressed siblings are kept; anything else (directories, large files, siblings, missing paths)
 * goes to the resource handler as before. Bounded: at most {@code maxEntries} entries. Thread-safe.
 */
final class SmallFiles {
    /** A kept file, or (body null) an existing path the resource handler answers. */
    record Entry(ByteBuffer body, String contentType, String length, boolean ranges, ETag etag, String etagText,
                 Date lastModified, String lastModifiedText, long loadedAt) {
        boolean kept() {
            return body != null;
        }
    }

    private final ResourceManager manager;
    private final MimeMappings types;
    private final List<String> siblingSuffixes;
    private final long maxFileSize;
    private final int maxEntries;
    private final long validityNanos;
    private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();

    SmallFiles(ResourceManager manager, MimeMappings types, List<String> precompressed, long maxFileSize,
               int maxEntries, long validityMillis) {
        this.manager = manager;
        this.types = types;
        this.siblingSuffixes = precompressed.stream().map(c -> c.equals("br") ? ".br" : ".gz").toList();
        this.maxFileSize = maxFileSize;
        this.maxEntries = maxEntries;
        this.validityNanos = validityMillis * 1_000_000L;
    }

    boolean enabled() {
        return maxFileSize > 0 && maxEntries > 0;
    }

    /** The entry of {@code path} if it is recent enough, else null (then {@link #load} on a worker thread). */
    Entry fresh(String path) {
        Entry e = entries.get(path);
        return e != null && System.nanoTime() - e.loadedAt() < validityNanos ? e : null;
    }

    /**
     * Blocking (file-system calls): looks {@code path} up and keeps what it finds; null for a path that
     * is not there (not kept, so that probing for missing files cannot fill the cache).
     */
    Entry load(String path) throws IOException {
        Resource r = manager.getResource(path);
        if (r == null) {
            entries.remove(path);
            return null;
        }
        Entry e = keepable(path, r) ? read(r) : passOn();
        if (entries.size() < maxEntries || entries.containsKey(path)) {
            entries.put(path, e);
        }
        return e;
    }

    private boolean keepable(String path, Resource r) throws IOException {
        if (r.isDirectory() || r.getContentLength() == null || r.getContentLength() > maxFileSize) {
            return false;
        }
        for (String suffix : siblingSuffixes) {
            if (manager.getResource(path + suffix) != null) {
                return false; // the resource handler picks the sibling the client accepts
            }
        }
        return true;
    }

    private Entry read(Resource r) throws IOException {
        byte[] bytes;
        try (InputStream in = r.getUrl().openStream()) {
            bytes = in.readNBytes((int) maxFileSize + 1);
        }
        if (bytes.length > maxFileSize) {
            return passOn(); // grew since its size was read
        }
        Date modified = r.getLastModified();
        String type = r.getContentType(types);
        ETag etag = r.getETag();
        boolean ranges = r instanceof RangeAwareResource ra && ra.isRangeSupported();
        return new Entry(ByteBuffer.allocateDirect(bytes.length).put(bytes).flip().asReadOnlyBuffer(), type == null ? "application/octet-stream" : type,
                Integer.toString(bytes.length), ranges, etag, etag == null ? null : etag.toString(), modified,
                modified == null ? null : DateUtils.toDateString(modified), System.nanoTime());
    }

    private static Entry passOn() {
        return new Entry(null, null, null, false, null, null, null, null, System.nanoTime());
    }
}
