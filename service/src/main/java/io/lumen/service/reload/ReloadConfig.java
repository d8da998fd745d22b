package io.lumen.service.reload;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;
import io.lumen.handler.address.AddressRanges;

import java.util.List;
import java.util.Optional;

/**
 * {@code reload.yml}.
 *
 * @param enabled       when false, {@code /adm/reload} answers 404 {@code ERR10048} (true); file
 *                      watching is separate
 * @param allowedFrom   client addresses (CIDR ranges) that may reload; others get 403 {@code ERR19008}.
 *                      Default: loopback only ([127.0.0.0/8, ::1/128]). To reload from elsewhere, widen
 *                      it and put {@code security} with an admin scope in front of the route
 * @param watch         reload when a config file changes (false); read at startup only
 * @param watchInterval ms between two looks at the config files (2000, at least 50); startup only
 * @param debounce      ms the files must stay unchanged before the reload (1000); startup only
 * @param drainTimeout  ms a replaced generation may take to finish its requests before its shared
 *                      objects are closed anyway (30000, at least 1)
 */
public record ReloadConfig(Boolean enabled, List<String> allowedFrom, Boolean watch, Long watchInterval,
                           Long debounce, Long drainTimeout) {
    public ReloadConfig {
        enabled = enabled == null || enabled;
        allowedFrom = allowedFrom == null ? AddressRanges.LOOPBACK : List.copyOf(allowedFrom);
        watch = watch != null && watch;
        watchInterval = watchInterval == null ? 2000L : watchInterval;
        debounce = debounce == null ? 1000L : debounce;
        drainTimeout = drainTimeout == null ? 30_000L : drainTimeout;
        if (watchInterval < 50) {
            throw new IllegalArgumentException("watchInterval must be at least 50 ms, got " + watchInterval);
        }
        if (debounce < 0) {
            throw new IllegalArgumentException("debounce must not be negative, got " + debounce);
        }
        if (drainTimeout < 1) {
            throw new IllegalArgumentException("drainTimeout must be at least 1 ms, got " + drainTimeout);
        }
    }

    /**
     * reload.yml bound and checked: a bad {@code allowedFrom} entry is a {@link ConfigException}
     * naming its own line.
     */
    static ReloadConfig load(ConfigLoader loader) {
        Optional<ConfigFile> file = loader.find("reload");
        ReloadConfig config = loader.load("reload", ReloadConfig.class);
        for (int i = 0; i < config.allowedFrom().size(); i++) {
            try {
                AddressRanges.parse(null, List.of(config.allowedFrom().get(i))); // the error names the key
            } catch (IllegalArgumentException e) {
                String pointer = "/allowedFrom/" + i;
                throw file.map(f -> f.error(pointer, e.getMessage()))
                        .orElseGet(() -> new ConfigException("reload.yml", 0, "allowedFrom", e.getMessage()));
            }
        }
        return config;
    }

    AddressRanges allowed() {
        return AddressRanges.parse("allowedFrom", allowedFrom);
    }
}
