package io.lumen.handler.audit;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * ISO-8601 UTC timestamps with milliseconds ({@code 2026-11-22T00:16:46.097Z}). The part up to
 * the seconds is formatted once per second and shared through one volatile field (a race only
 * formats the same second twice); per line only the milliseconds are appended.
 */
final class UtcTimestamps {
    private static final DateTimeFormatter SECONDS =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.").withZone(ZoneOffset.UTC);

    private volatile Second cached = new Second(Long.MIN_VALUE, "");

    void append(StringBuilder b, long epochMillis) {
        long second = Math.floorDiv(epochMillis, 1000);
        Second s = cached;
        if (s.epochSecond != second) {
            s = new Second(second, SECONDS.format(Instant.ofEpochSecond(second)));
            cached = s;
        }
        int ms = (int) Math.floorMod(epochMillis, 1000);
        b.append(s.prefix);
        if (ms < 100) {
            b.append('0');
        }
        if (ms < 10) {
            b.append('0');
        }
        b.append(ms).append('Z');
    }

    private record Second(long epochSecond, String prefix) {
    }
}
