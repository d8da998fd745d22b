package io.lumen.security.unified;

import io.lumen.handler.prefix.PathPrefixes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code unified-security.yml}, with light-4j's keys. Every key is optional; unknown keys fail startup.
 *
 * @param enabled           link the middleware into chains (true)
 * @param anonymousPrefixes route path prefixes that pass without credentials (checked first)
 * @param pathPrefixAuths   per route path prefix (the longest matching wins), which schemes are accepted; a
 *                          route under neither list is refused (401), never let through
 */
public record UnifiedSecurityConfig(Boolean enabled, List<String> anonymousPrefixes, List<PathPrefixAuth> pathPrefixAuths) {

    public UnifiedSecurityConfig {
        enabled = enabled == null || enabled;
        anonymousPrefixes = anonymousPrefixes == null ? List.of() : List.copyOf(anonymousPrefixes);
        anonymousPrefixes.forEach(p -> PathPrefixes.check("anonymousPrefixes", p));
        pathPrefixAuths = pathPrefixAuths == null ? List.of() : List.copyOf(pathPrefixAuths);
        List<String> seen = new ArrayList<>();
        for (PathPrefixAuth a : pathPrefixAuths) {
            if (a == null || seen.contains(a.prefix())) {
                throw new IllegalArgumentException("pathPrefixAuths: " + (a == null ? "an empty entry"
                        : "the prefix " + a.prefix() + " is listed twice"));
            }
            seen.add(a.prefix());
        }
    }

    /** Whether some prefix accepts {@code scheme} ({@code basic}, {@code jwt} or {@code apikey}). */
    public boolean uses(String scheme) {
        return pathPrefixAuths.stream().anyMatch(a -> a.schemes().contains(scheme));
    }

    /**
     * The schemes of one prefix, tried in the order basic, jwt, apikey: the first whose credentials the
     * request carries decides (a wrong one is refused, the next is not tried).
     *
     * @param prefix         the route path prefix
     * @param basic          HTTP Basic ({@code basic-auth.yml})
     * @param jwt            a Bearer JWT ({@code security.yml})
     * @param apikey         an API key ({@code apikey.yml})
     * @param sjwt           light-4j's scope JWT; only {@code false} is supported
     * @param swt            light-4j's simple web token; only {@code false} is supported
     * @param jwkServiceIds  light-4j's per-prefix JWK services; not supported (one key set, security.yml's)
     * @param sjwkServiceIds light-4j; not supported
     * @param swtServiceIds  light-4j; not supported
     */
    public record PathPrefixAuth(String prefix, Boolean basic, Boolean jwt, Boolean apikey, Boolean sjwt, Boolean swt,
                                 List<String> jwkServiceIds, List<String> sjwkServiceIds, List<String> swtServiceIds) {
        public PathPrefixAuth {
            PathPrefixes.check("pathPrefixAuths.prefix", prefix);
            basic = basic != null && basic;
            jwt = jwt != null && jwt;
            apikey = apikey != null && apikey;
            if (sjwt != null && sjwt || swt != null && swt) {
                throw new IllegalArgumentException("pathPrefixAuths " + prefix + ": sjwt and swt are not supported");
            }
            sjwt = false;
            swt = false;
            for (List<String> ids : Arrays.asList(jwkServiceIds, sjwkServiceIds, swtServiceIds)) {
                if (ids != null && !ids.isEmpty()) {
                    throw new IllegalArgumentException("pathPrefixAuths " + prefix + ": service ids per prefix are not "
                            + "supported; the jwt scheme uses security.yml's keys");
                }
            }
            jwkServiceIds = List.of();
            sjwkServiceIds = List.of();
            swtServiceIds = List.of();
            if (!basic && !jwt && !apikey) {
                throw new IllegalArgumentException("pathPrefixAuths " + prefix + ": accept at least one of basic, jwt "
                        + "and apikey (or list the prefix under anonymousPrefixes)");
            }
        }

        /** The accepted schemes, in the order they are tried. */
        public List<String> schemes() {
            List<String> s = new ArrayList<>();
            if (basic) {
                s.add("basic");
            }
            if (jwt) {
                s.add("jwt");
            }
            if (apikey) {
                s.add("apikey");
            }
            return s;
        }
    }
}
