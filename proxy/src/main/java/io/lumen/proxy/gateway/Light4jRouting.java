package io.lumen.proxy.gateway;

import io.lumen.client.ClientConfig;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;

import java.util.List;
import java.util.Map;

/**
 * light-gateway's router configuration, read as light-4j reads it: {@code pathPrefixService.yml}
 * ({@code mapping}: path prefix -> service id), {@code direct-registry.yml} ({@code directUrls}:
 * service id -> its hosts, comma-separated or a list) and {@code router.yml} (the proxy settings
 * every such service shares, and {@code urlRewriteRules}, {@code "regex replacement"} lines applied
 * to the paths of those routes). Each may come from its file or from values.yml
 * ({@code pathPrefixService.mapping: ...}), as light-gateway's folders set them.
 *
 * @param prefixes  pathPrefixService.yml, prepared for binding (for lines)
 * @param mapping   its mapping (empty when disabled)
 * @param registry  direct-registry.yml, prepared for binding
 * @param directUrls its directUrls
 * @param router    router.yml, prepared for binding
 * @param settings  its keys
 * @param clientTls client.yml's tls, which light-4j's router connects with (its shipped key store passwords
 *                  when there is no client.yml)
 */
record Light4jRouting(ConfigFile prefixes, Map<String, String> mapping, ConfigFile registry, Map<String, Object> directUrls,
                      ConfigFile router, RouterConfig settings, ClientConfig.Tls clientTls) {

    /**
     * {@code pathPrefixService.yml}: light-gateway's routes.
     *
     * @param enabled read the mapping (true)
     * @param mapping path prefix -> service id (a key of direct-registry.yml's directUrls or gateway.yml's services)
     */
    public record PathPrefixServiceConfig(Boolean enabled, Map<String, String> mapping) {
        public PathPrefixServiceConfig {
            enabled = enabled == null || enabled;
            mapping = mapping == null ? Map.of() : mapping;
        }
    }

    /**
     * {@code direct-registry.yml}: light-gateway's services.
     *
     * @param directUrls service id -> its hosts ({@code "https://a:1,https://b:2"} or a list)
     */
    public record DirectRegistryConfig(Map<String, Object> directUrls) {
        public DirectRegistryConfig {
            directUrls = directUrls == null ? Map.of() : directUrls;
        }
    }

    /**
     * The keys of light-4j's {@code router.yml} that mean something to Lumen's gateway; its other keys
     * are dropped with a warning (META-INF/lumen/light4j-keys.properties). All but
     * {@code urlRewriteRules} become the proxy.yml keys of the same names of every direct-registry service.
     *
     * @param maxRequestTime           proxy.yml's maxRequestTime of every direct-registry service
     * @param http2Enabled             proxy.yml's http2Enabled of every direct-registry service
     * @param rewriteHostHeader        proxy.yml's rewriteHostHeader of every direct-registry service
     * @param reuseXForwarded          proxy.yml's reuseXForwarded of every direct-registry service
     * @param maxConnectionRetries     proxy.yml's maxConnectionRetries of every direct-registry service
     * @param connectionsPerThread     proxy.yml's connectionsPerThread of every direct-registry service
     * @param pathPrefixMaxRequestTime path prefix -> ms (proxy.yml's pathTimeouts)
     * @param urlRewriteRules          {@code "regex replacement"} lines for the paths of pathPrefixService routes
     */
    public record RouterConfig(Integer maxRequestTime, Boolean http2Enabled, Boolean rewriteHostHeader,
                               Boolean reuseXForwarded, Integer maxConnectionRetries, Integer connectionsPerThread,
                               Map<String, Integer> pathPrefixMaxRequestTime, List<String> urlRewriteRules) {
        public RouterConfig {
            urlRewriteRules = urlRewriteRules == null ? List.of() : List.copyOf(urlRewriteRules);
        }
    }

    static Light4jRouting read(ConfigLoader config) {
        ConfigFile prefixes = prepared(config, "pathPrefixService", PathPrefixServiceConfig.class);
        PathPrefixServiceConfig p = prefixes.bind(PathPrefixServiceConfig.class);
        ConfigFile registry = prepared(config, "direct-registry", DirectRegistryConfig.class);
        ConfigFile router = prepared(config, "router", RouterConfig.class);
        return new Light4jRouting(prefixes, p.enabled() ? p.mapping() : Map.of(), registry,
                registry.bind(DirectRegistryConfig.class).directUrls(), router, router.bind(RouterConfig.class),
                config.load("client", ClientConfig.class).tls());
    }

    private static ConfigFile prepared(ConfigLoader config, String name, Class<?> type) {
        return config.find(name).orElseGet(() -> config.moduleDefaults(name)).prepared(type);
    }
}
