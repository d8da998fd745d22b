package io.lumen.validator.specification;

import io.lumen.handler.prefix.PathPrefixes;

import java.util.List;

/**
 * {@code specification.yml}. Every key is optional.
 *
 * @param enabled          link the middleware into chains (true)
 * @param skipPathPrefixes requests under these path prefixes pass without matching ([])
 */
public record SpecificationConfig(Boolean enabled, List<String> skipPathPrefixes) {
    public SpecificationConfig {
        enabled = enabled == null || enabled;
        skipPathPrefixes = skipPathPrefixes == null ? List.of() : List.copyOf(skipPathPrefixes);
        skipPathPrefixes.forEach(p -> PathPrefixes.check("skipPathPrefixes", p));
    }
}
