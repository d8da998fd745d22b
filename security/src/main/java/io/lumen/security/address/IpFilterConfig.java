package io.lumen.security.address;

import io.lumen.handler.address.AddressRanges;
import io.lumen.handler.prefix.PathPrefixes;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ip-filter.yml}. Every key is optional; unknown keys fail startup. Ranges are CIDR
 * ({@code 10.0.0.0/8}, {@code ::1/128}) or single addresses.
 *
 * @param enabled        link the middleware into chains (true)
 * @param allow          when not empty, only clients in these ranges pass
 * @param deny           clients in these ranges never pass (deny wins over allow)
 * @param trustedProxies peers whose {@code X-Forwarded-For} is believed: the client is the right-most address in
 *                       it that is not itself a trusted proxy; from any other peer the header is ignored
 * @param pathPrefixes   route path prefix -> its own {@code allow}/{@code deny}; the longest prefix wins and
 *                       replaces the global lists for its routes
 */
public record IpFilterConfig(Boolean enabled, List<String> allow, List<String> deny, List<String> trustedProxies,
                             Map<String, Rule> pathPrefixes) {

    public IpFilterConfig {
        enabled = enabled == null || enabled;
        Rule global = new Rule(allow, deny);
        allow = global.allow();
        deny = global.deny();
        trustedProxies = trustedProxies == null ? List.of() : List.copyOf(trustedProxies);
        AddressRanges.parse("trustedProxies", trustedProxies);
        Map<String, Rule> rules = new LinkedHashMap<>();
        if (pathPrefixes != null) {
            pathPrefixes.forEach((prefix, rule) -> {
                PathPrefixes.check("pathPrefixes", prefix);
                rules.put(prefix, rule == null ? new Rule(null, null) : rule);
            });
        }
        pathPrefixes = Map.copyOf(rules);
    }

    /**
     * Allow and deny lists.
     *
     * @param allow ranges that pass (empty: any not denied)
     * @param deny  ranges that never pass
     */
    public record Rule(List<String> allow, List<String> deny) {
        public Rule {
            allow = allow == null ? List.of() : List.copyOf(allow);
            deny = deny == null ? List.of() : List.copyOf(deny);
            AddressRanges.parse("allow", allow);
            AddressRanges.parse("deny", deny);
        }
    }
}
