package io.lumen.security.address;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * light-4j's {@code whitelist.yml} (WhitelistHandler, which runs as the {@code ipfilter} middleware): its
 * address rules are not ip-filter.yml's, and a filter with no ip-filter.yml lets everyone pass. A folder
 * whose whitelist.yml (or values.yml's {@code whitelist.paths}) holds rules and that has no ip-filter.yml
 * is refused at the rules' line, so that no address light-4j refused passes silently.
 */
final class Light4jWhitelist {
    private Light4jWhitelist() {
    }

    /** Throws when light-4j whitelist rules are there and ip-filter.yml is not. */
    static void refuseUnreadRules(ConfigLoader loader) {
        if (loader.find("ip-filter").isPresent()) {
            return;
        }
        Optional<ConfigFile> file = loader.find("whitelist");
        if (file.isPresent()) {
            if (file.get().tree() instanceof Map<?, ?> tree && !Boolean.FALSE.equals(tree.get("enabled"))
                    && holdsRules(tree.get("paths"))) {
                throw file.get().error("/paths", problem());
            }
            return;
        }
        Object enabled = loader.value("whitelist.enabled").orElse(true);
        Object paths = loader.value("whitelist.paths").orElse(null);
        if (!Boolean.FALSE.equals(enabled) && !"false".equals(String.valueOf(enabled)) && holdsRules(paths)) {
            ConfigFile values = loader.find("values").orElseThrow();
            throw new ConfigException(values.displayName(), values.lineOf("/whitelist.paths"), "whitelist.paths", problem());
        }
    }

    private static boolean holdsRules(Object paths) {
        return paths instanceof Map<?, ?> m ? !m.isEmpty()
                : paths instanceof Collection<?> c ? !c.isEmpty()
                : paths instanceof String s && !s.isBlank() && !s.trim().equals("{}");
    }

    private static String problem() {
        return "light-4j's WhitelistHandler rules, which Lumen's ipfilter does not read (without ip-filter.yml it lets every"
                + " address pass): write them in ip-filter.yml as pathPrefixes with CIDR ranges (10.10.*.* is"
                + " 10.10.0.0/16; defaultAllow: false is a global allow list), or set whitelist.enabled: false";
    }
}
