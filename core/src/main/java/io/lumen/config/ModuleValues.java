package io.lumen.config;

import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The implicit default file of every module, as light-4j ships one per module with each key written
 * {@code key: ${<module>.key:default}}: when {@code <module>.yml} does not set a key of its record (or
 * there is no file), {@code <module>.<key>} from the overrides, the environment ({@code METRICS_ENABLED})
 * or values.yml ({@code metrics.enabled: false}) sets it; else the record's default applies. So every
 * documented key can be set from values.yml without the module's file. Keys the file sets win, as
 * light-4j's placeholders in a user's own file are the only way values reach it there.
 */
final class ModuleValues {
    static final ModuleValues NONE = new ModuleValues(key -> null, null);

    private final Function<String, PlaceholderResolver.Found> lookup;
    private final Light4jDecryptor decryptor;
    private final Light4jKeys light4jKeys = new Light4jKeys();

    /** @param decryptor decrypts light-4j's {@code CRYPT:} values the lookup finds */
    ModuleValues(Function<String, PlaceholderResolver.Found> lookup, Light4jDecryptor decryptor) {
        this.lookup = lookup;
        this.decryptor = decryptor;
    }

    /**
     * {@code file} as {@code type} binds it: its light-4j-only keys dropped (with a warning each, see
     * {@link Light4jKeys}), then completed from the module values.
     */
    /** These values, then {@code fallback(key)} for the keys none of them sets (light-4j's shipped defaults). */
    ModuleValues orElse(Function<String, PlaceholderResolver.Found> fallback) {
        return new ModuleValues(key -> {
            PlaceholderResolver.Found found = lookup.apply(key);
            return found != null ? found : fallback.apply(key);
        }, decryptor);
    }

    ConfigFile prepare(ConfigFile file, Class<?> type) {
        if (this == NONE) {
            return file;
        }
        return complete(light4jKeys.drop(file, type), type);
    }

    /** {@code file}, with the values of {@code type}'s components it does not set added; {@code file} itself if none. */
    private ConfigFile complete(ConfigFile file, Class<?> type) {
        Map<?, ?> tree = file.tree() instanceof Map<?, ?> m ? m : Map.of();
        Map<Object, Object> completed = null;
        Map<String, ValueOrigin> origins = null;
        for (RecordComponent c : type.getRecordComponents()) {
            String key = c.getName();
            if (tree.containsKey(key)) {
                continue;
            }
            PlaceholderResolver.Found found = lookup.apply(file.name() + "." + key);
            if (found == null) {
                continue;
            }
            Object value = found.value();
            if (value instanceof String s && s.startsWith(PlaceholderResolver.CRYPT)) {
                value = PlaceholderResolver.decrypt(decryptor, file, JsonPointers.child("", key), found.origin(), s);
            }
            if (completed == null) {
                completed = new LinkedHashMap<>(tree);
                origins = new LinkedHashMap<>();
            }
            completed.put(key, value);
            if (found.origin() != null) {
                origins.put(JsonPointers.child("", key), found.origin());
            }
        }
        if (completed == null) {
            return file;
        }
        Map<String, ValueOrigin> all = new LinkedHashMap<>(file.origins());
        all.putAll(origins);
        return file.injected(completed, all, NONE);
    }
}
