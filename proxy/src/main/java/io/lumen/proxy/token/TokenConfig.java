package io.lumen.proxy.token;

import io.lumen.handler.prefix.PathPrefixes;

import java.util.List;

/**
 * token.yml: where the {@code token} middleware puts a token in proxied requests. The first two
 * keys are light-4j's ({@code TokenHandler}); where the token comes from is client.yml's
 * {@code oauth} section and {@code pathPrefixServices}.
 *
 * @param enabled              false (light-4j's default): the middleware leaves every chain
 * @param appliedPathPrefixes  request path prefixes that get a token; empty: every request of the routes it is on
 * @param exchangePathPrefixes Lumen: under these prefixes the caller's bearer token is exchanged
 *                             (RFC 8693, client.yml {@code oauth.token.token_exchange}) instead of
 *                             getting a client-credentials token; a request without one answers 401 ERR19233
 */
public record TokenConfig(Boolean enabled, List<String> appliedPathPrefixes, List<String> exchangePathPrefixes) {
    public TokenConfig {
        enabled = enabled != null && enabled;
        appliedPathPrefixes = appliedPathPrefixes == null ? List.of() : List.copyOf(appliedPathPrefixes);
        exchangePathPrefixes = exchangePathPrefixes == null ? List.of() : List.copyOf(exchangePathPrefixes);
        appliedPathPrefixes.forEach(p -> PathPrefixes.check("appliedPathPrefixes", p));
        exchangePathPrefixes.forEach(p -> PathPrefixes.check("exchangePathPrefixes", p));
    }
}
