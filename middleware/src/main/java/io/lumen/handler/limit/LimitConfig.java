package io.lumen.handler.limit;

import io.lumen.handler.prefix.PathPrefixes;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code limit.yml}. Every key is optional.
 *
 * @param enabled           link the middleware into chains (true)
 * @param key               what a bucket belongs to: {@code address} (client IP), {@code header} (the value of
 *                          {@code headerName}, e.g. an API key), {@code client} (the authenticated client id: a
 *                          JWT's, or the {@code clientId} of an apikey entry) or {@code user} (the authenticated
 *                          user: a JWT's subject, a Basic user) (address); a request without it falls back to its
 *                          address
 * @param headerName        the header of {@code key: header} (X-Api-Key)
 * @param trustForwardedFor take the address from the first {@code X-Forwarded-For} entry (false); only
 *                          behind a proxy that sets it
 * @param rate              tokens added per second (1000); may be fractional, e.g. 0.5
 * @param burst             bucket size: requests allowed at once (defaults to rate, at least 1)
 * @param maxKeys           most keys remembered per bucket table (10000); the least recently used goes first
 * @param pathPrefixes      other {@code rate}/{@code burst} per path prefix; the longest prefix matching a route
 *                          wins and has a key table of its own
 * @param overrides         key value (a client id, user, address or header value) -> its own {@code rate}/{@code burst},
 *                          whatever the route
 * @param responseHeaders   {@code none}, {@code draft} ({@code RateLimit-Policy} and {@code RateLimit} of the IETF
 *                          httpapi draft) or {@code x-ratelimit} ({@code X-RateLimit-Limit}, {@code -Remaining},
 *                          {@code -Reset}) on every response of a limited route (none)
 */
public record LimitConfig(Boolean enabled, String key, String headerName, Boolean trustForwardedFor, Double rate,
                          Integer burst, Integer maxKeys, Map<String, Rate> pathPrefixes, Map<String, Rate> overrides,
                          String responseHeaders) {

    public LimitConfig {
        enabled = enabled == null || enabled;
        key = key == null || key.isBlank() ? "address" : key.trim().toLowerCase(Locale.ROOT);
        if (!List.of("address", "header", "client", "user").contains(key)) {
            throw new IllegalArgumentException("key must be address, header, client or user, got '" + key + "'");
        }
        headerName = headerName == null || headerName.isBlank() ? "X-Api-Key" : headerName.trim();
        trustForwardedFor = trustForwardedFor != null && trustForwardedFor;
        Rate global = new Rate(rate == null ? 1000d : rate, burst);
        rate = global.rate();
        burst = global.burst();
        maxKeys = maxKeys == null ? 10_000 : maxKeys;
        if (maxKeys < 1) {
            throw new IllegalArgumentException("maxKeys must be at least 1, got " + maxKeys);
        }
        Map<String, Rate> prefixes = new LinkedHashMap<>();
        if (pathPrefixes != null) {
            for (Map.Entry<String, Rate> e : pathPrefixes.entrySet()) {
                PathPrefixes.check("pathPrefixes", e.getKey());
                if (e.getValue() == null || e.getValue().rate() == null) {
                    throw new IllegalArgumentException("pathPrefixes." + e.getKey() + ": rate is required");
                }
                prefixes.put(e.getKey(), e.getValue());
            }
        }
        pathPrefixes = Map.copyOf(prefixes);
        Map<String, Rate> byKey = new LinkedHashMap<>();
        if (overrides != null) {
            overrides.forEach((k, r) -> {
                if (r == null || r.rate() == null) {
                    throw new IllegalArgumentException("overrides." + k + ": rate is required");
                }
                byKey.put(k, r);
            });
        }
        overrides = Map.copyOf(byKey);
        responseHeaders = responseHeaders == null || responseHeaders.isBlank() ? "none"
                : responseHeaders.trim().toLowerCase(Locale.ROOT);
        if (!List.of("none", "draft", "x-ratelimit").contains(responseHeaders)) {
            throw new IllegalArgumentException("responseHeaders must be none, draft or x-ratelimit, got '"
                    + responseHeaders + "'");
        }
    }

    /**
     * A rate and a burst.
     *
     * @param rate  tokens per second, more than 0
     * @param burst bucket size, at least 1 (defaults to the rate rounded up)
     */
    public record Rate(Double rate, Integer burst) {
        public Rate {
            if (rate != null) {
                if (!(rate > 0) || rate.isInfinite()) {
                    throw new IllegalArgumentException("rate must be more than 0 tokens per second, got " + rate);
                }
                burst = burst == null ? (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.ceil(rate))) : burst;
                if (burst < 1) {
                    throw new IllegalArgumentException("burst must be at least 1, got " + burst);
                }
            }
        }
    }
}
