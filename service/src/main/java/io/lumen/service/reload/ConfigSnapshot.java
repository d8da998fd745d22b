package io.lumen.service.reload;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The content of the config directories at one moment: a SHA-256 per file. Content, not
 * modification times or file events, because a Kubernetes ConfigMap volume changes by swapping a
 * {@code ..data} symlink to a new directory: the files a service reads are symlinks whose targets
 * change without any event on them. Symbolic links are followed; entries whose name starts with
 * {@code ..} (the ConfigMap's own bookkeeping) are skipped, as are files below {@link #MAX_DEPTH}
 * levels and beyond {@link #MAX_FILES} per directory. Immutable.
 */
final class ConfigSnapshot {
    static final int MAX_DEPTH = 3;
    static final int MAX_FILES = 1000;

    private final Map<String, String> hashes;

    private ConfigSnapshot(Map<String, String> hashes) {
        this.hashes = Collections.unmodifiableMap(hashes);
    }

    static ConfigSnapshot of(List<Path> dirs) {
        Map<String, String> hashes = new TreeMap<>();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            List<Path> files = new ArrayList<>();
            try (Stream<Path> walk = Files.walk(dir, MAX_DEPTH, FileVisitOption.FOLLOW_LINKS)) {
                walk.filter(p -> !hidden(dir, p) && Files.isRegularFile(p)).limit(MAX_FILES).forEach(files::add);
            } catch (IOException | RuntimeException e) {
                hashes.put(dir.toString(), "unreadable: " + e.getMessage()); // a change when it becomes readable
                continue;
            }
            for (Path f : files) {
                hashes.put(f.toString(), hash(f));
            }
        }
        return new ConfigSnapshot(hashes);
    }

    private static boolean hidden(Path dir, Path p) {
        for (Path part : dir.relativize(p)) {
            if (part.toString().startsWith("..")) {
                return true;
            }
        }
        return false;
    }

    private static String hash(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (IOException e) {
            return "unreadable: " + e.getMessage();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Files present in both with other content. */
    List<String> changedSince(ConfigSnapshot before) {
        List<String> out = new ArrayList<>();
        hashes.forEach((f, h) -> {
            String old = before.hashes.get(f);
            if (old != null && !old.equals(h)) {
                out.add(f);
            }
        });
        return out;
    }

    /** Files present here and not in {@code other}. */
    List<String> notIn(ConfigSnapshot other) {
        List<String> out = new ArrayList<>();
        hashes.keySet().forEach(f -> {
            if (!other.hashes.containsKey(f)) {
                out.add(f);
            }
        });
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ConfigSnapshot s && s.hashes.equals(hashes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(hashes);
    }

    @Override
    public String toString() {
        return "ConfigSnapshot" + hashes.keySet();
    }
}
