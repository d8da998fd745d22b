package io.lumen.handler.limit;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.HttpString;

/**
 * The response headers that tell a client its limit ({@code limit.yml responseHeaders}):
 * <ul>
 * <li>{@code draft}: the IETF httpapi RateLimit draft's structured fields, {@code RateLimit-Policy:
 *     "default";q=100;w=10} (quota = the burst, window = the seconds a full bucket takes to refill)
 *     and {@code RateLimit: "default";r=42;t=6} (tokens left, seconds until the bucket is full);</li>
 * <li>{@code x-ratelimit}: the common {@code X-RateLimit-Limit}, {@code -Remaining} and {@code -Reset}
 *     (seconds) with the same figures;</li>
 * <li>{@code none}: nothing.</li>
 * </ul>
 * A token bucket refills continuously, so "reset" is when it would be full again. Stateless.
 */
enum RateLimitHeaders {
    NONE, DRAFT, X_RATELIMIT;

    private static final HttpString POLICY = HttpString.tryFromString("RateLimit-Policy");
    private static final HttpString LIMIT = HttpString.tryFromString("RateLimit");
    private static final HttpString X_LIMIT = HttpString.tryFromString("X-RateLimit-Limit");
    private static final HttpString X_REMAINING = HttpString.tryFromString("X-RateLimit-Remaining");
    private static final HttpString X_RESET = HttpString.tryFromString("X-RateLimit-Reset");
    private static final long SECOND = 1_000_000_000L;

    static RateLimitHeaders of(String configured) {
        return switch (configured) {
            case "draft" -> DRAFT;
            case "x-ratelimit" -> X_RATELIMIT;
            default -> NONE;
        };
    }

    /** The policy value of a table, built once ({@code null} unless {@link #DRAFT}). */
    String policy(String name, TokenBuckets buckets) {
        if (this != DRAFT) {
            return null;
        }
        return quoted(name) + ";q=" + buckets.burst() + ";w=" + seconds(buckets.burst() * buckets.interval());
    }

    /**
     * Adds the headers for one request.
     *
     * @param taken what {@link TokenBuckets#take} returned: a wait (> 0, refused) or minus the tokens left
     */
    void add(HttpServerExchange exchange, String name, String policy, TokenBuckets buckets, long taken) {
        if (this == NONE) {
            return;
        }
        long remaining = taken > 0 ? 0 : -taken;
        long reset = seconds((buckets.burst() - remaining) * buckets.interval());
        HeaderMap h = exchange.getResponseHeaders();
        if (this == DRAFT) {
            h.put(POLICY, policy);
            h.put(LIMIT, quoted(name) + ";r=" + remaining + ";t=" + reset);
        } else {
            h.put(X_LIMIT, buckets.burst());
            h.put(X_REMAINING, remaining);
            h.put(X_RESET, reset);
        }
    }

    private static long seconds(long nanos) {
        return (nanos + SECOND - 1) / SECOND;
    }

    /** An sf-string: quotes and backslashes escaped (a name is a prefix such as /v1/login, or default). */
    private static String quoted(String name) {
        return "\"" + name.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
