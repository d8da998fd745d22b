package io.lumen.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * Finds, parses, injects and binds config files the light-4j way: config dirs from {@code light-4j-config-dir}
 * first, then classpath {@code config/}; {@code .yml}, {@code .yaml}, {@code .json}; first hit wins.
 * Thread-safe; parsed files are cached per name for the loader's life ({@link #reread()} gives a
 * loader that reads them again).
 */
public final class ConfigLoader {
    public static final String CONFIG_DIR_PROPERTY = "light-4j-config-dir";

    private static final String VALUES = "values";

    private final ConfigPlaces places;
    private final Function<String, String> env;
    private final ValueSource embedding;
    private final Map<String, Object> overrides;
    /** Base names of the files that are API specs, read by YAML 1.2's core schema. */
    private final Set<String> specNames;
    private final Object mapperLock = new Object();
    private volatile ObjectMapper mapper; // made on first use: config binding does not use it
    private final Map<String, Optional<ConfigFile>> cache = new ConcurrentHashMap<>();
    private final List<ConfigFile> loaded = new CopyOnWriteArrayList<>();
    private final PlaceholderResolver resolver;
    // light-4j's CRYPT: values; the master password is looked for at the first one (an override, as tests and
    // embedding applications give it, stands for the system property)
    private final Light4jDecryptor decryptor = new Light4jDecryptor(this::light4jPassword);
    // below values.yml and the environment: light-4j 1.x's secret.yml passwords (Light4jSecrets)
    private final ModuleValues moduleValues = new ModuleValues(this::moduleLookup, decryptor)
            .orElse(key -> key.startsWith("server.") ? Light4jSecrets.of(key, secretYml()) : null);
    private final Set<String> valuesRead = ConcurrentHashMap.newKeySet();
    private final ConfigPrefetch prefetched = new ConfigPrefetch();
    private volatile Optional<ConfigFile> valuesFile; // guarded by this for the first load

    private ConfigLoader(Builder b) {
        this.places = new ConfigPlaces(b.configDirs, b.classLoader);
        this.env = b.env != null ? b.env : name -> null;
        this.embedding = b.embedding;
        this.overrides = new LinkedHashMap<>(b.overrides); // values may be null, so no Map.copyOf
        this.specNames = b.specNames;
        this.resolver = new PlaceholderResolver(this::lookup, b.env != null, decryptor);
    }

    /** A copy for {@link #reread()}: the same sources, nothing read yet. */
    private ConfigLoader(ConfigLoader from) {
        this.places = from.places;
        this.env = from.env;
        this.embedding = from.embedding;
        this.overrides = from.overrides;
        this.specNames = from.specNames;
        this.resolver = new PlaceholderResolver(this::lookup, from.resolver.environment(), decryptor);
    }

    /**
     * A loader with the same config dirs, class loader, environment, embedding values and overrides
     * that has read nothing yet: what a configuration reload reads through, so every file (values.yml
     * included) comes fresh from disk. This loader's cache is left as it is.
     */
    public ConfigLoader reread() {
        return new ConfigLoader(this);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A loader for the running process: config dirs from the system property, real environment. */
    public static ConfigLoader fromSystem() {
        return builder().build();
    }

    /** The named config (base name such as {@code server}), parsed and injected; empty if no file exists. */
    public Optional<ConfigFile> find(String name) {
        if (VALUES.equals(name)) {
            return values(); // values.yml is the source of injection, so it is never injected itself
        }
        Optional<ConfigFile> cached = cache.get(name);
        if (cached != null) {
            return cached;
        }
        Optional<ConfigFile> loaded = readRaw(name).map(raw -> {
            Map<String, ValueOrigin> origins = new LinkedHashMap<>();
            Object injected = resolver.inject(raw, origins);
            return raw.injected(injected, origins, moduleValues);
        });
        Optional<ConfigFile> raced = cache.putIfAbsent(name, loaded);
        if (raced != null) {
            return raced;
        }
        loaded.ifPresent(this.loaded::add);
        return loaded;
    }

    /**
     * Every config file found so far (values.yml included once it was read), in the order they were
     * first loaded; for the server info endpoint. A snapshot: later loads do not change it.
     */
    public List<ConfigFile> loaded() {
        return List.copyOf(loaded);
    }

    /** Binds the named config; a missing file binds an empty map so records fall back to their defaults. */
    public <T> T load(String name, Class<T> type) {
        return find(name).orElseGet(() -> moduleDefaults(name)).bind(type);
    }

    /**
     * The file a module reads when the config dirs have none: empty, so that binding it takes each key
     * from {@code <name>.<key>} (overrides, environment, values.yml) or the record's default, as
     * light-4j's shipped default file with {@code ${<name>.key:default}} placeholders would; where
     * light-4j's default differs from the record's, light-4j's ({@link Light4jDefaults}).
     */
    public ConfigFile moduleDefaults(String name) {
        String prefix = name + ".";
        ModuleValues values = moduleValues.orElse(key -> key.startsWith(prefix)
                ? Light4jDefaults.of(name, key.substring(prefix.length()), this::lookup, f -> locate(f).isPresent())
                : null);
        return new ConfigFile(name, name + ".yml (not found: its keys from values.yml and defaults)", Map.of(),
                LineTable.EMPTY).injected(Map.of(), Map.of(), values);
    }

    /**
     * light-4j's secret.yml, injected; as written when injecting it fails (a {@code CRYPT:} value of a key
     * Lumen does not read must not stop a start; one it reads is refused where it is used).
     */
    private Optional<ConfigFile> secretYml() {
        try {
            return find("secret");
        } catch (ConfigException e) {
            return readRaw("secret");
        }
    }


    /** Finds a non-config file (keystore, certificate, spec): absolute paths as is, else config dirs, then classpath. */
    public Optional<URL> locate(String fileName) {
        return places.locate(fileName);
    }

    /** Opens a located file; a missing file is a {@link ConfigException} that says where we looked. */
    public InputStream open(String fileName) {
        return places.open(fileName);
    }

    /**
     * The resolved value of a key: overrides, then the environment (typed like YAML), then the
     * embedding application's {@link ValueSource}, then values.yml.
     */
    public Optional<Object> value(String key) {
        PlaceholderResolver.Found found = lookup(key);
        return found == null ? Optional.empty() : Optional.ofNullable(found.value());
    }

    public List<Path> configDirs() {
        return places.dirs();
    }

    /**
     * A shared Jackson mapper for code that reads or writes JSON (trees, response bodies): strict about unknown
     * keys, nulls for primitives and decimals for integers. Config binding does not use it ({@link ConfigFile#bind}).
     */
    public ObjectMapper mapper() {
        ObjectMapper m = mapper;
        if (m == null) {
            synchronized (mapperLock) {
                m = mapper;
                if (m == null) {
                    m = JsonMappers.strict();
                    mapper = m;
                }
            }
        }
        return m;
    }

    private Light4jPassword light4jPassword() {
        return Light4jPassword.of(readRaw("config"), env,
                name -> overrides.containsKey(name) ? String.valueOf(overrides.get(name)) : System.getProperty(name));
    }

    /** A module key's value: its own name ({@code basic-auth.users}), else the one light-4j's shipped file read ({@code basic.users}). */
    private PlaceholderResolver.Found moduleLookup(String key) {
        PlaceholderResolver.Found found = lookup(key);
        String light4j = found == null ? Light4jDefaults.valuesKey(key) : null;
        return light4j == null ? found : lookup(light4j);
    }

    private PlaceholderResolver.Found lookup(String key) {
        // asked for, so read, whichever source answers: an environment variable overriding a values.yml key
        // (SERVER_HTTPPORT beside server.httpPort) must not make startup warn that nothing reads the key
        valuesRead.add(key);
        if (overrides.containsKey(key)) {
            return new PlaceholderResolver.Found(overrides.get(key));
        }
        String fromEnv = env.apply(PlaceholderResolver.envName(key));
        if (fromEnv != null) {
            return new PlaceholderResolver.Found(PlaceholderResolver.typed(fromEnv));
        }
        Object embedded = embedding.value(key);
        if (embedded != null) {
            return new PlaceholderResolver.Found(embedded instanceof String s ? PlaceholderResolver.typed(s) : embedded);
        }
        Optional<ConfigFile> values = values();
        if (values.isPresent() && values.get().tree() instanceof Map<?, ?> map && map.containsKey(key)) {
            ConfigFile v = values.get();
            return new PlaceholderResolver.Found(map.get(key),
                    new ValueOrigin(v.displayName(), v.lineOf(JsonPointers.child("", key)), key));
        }
        return null;
    }

    /**
     * The values.yml keys nothing has read so far (no placeholder and no module asked for them), in
     * file order, each with its line: a startup warns about them, as they are usually a typo or a
     * light-4j key of a module Lumen does not have.
     */
    public List<ValueOrigin> unreadValues() {
        Optional<ConfigFile> values = values();
        if (values.isEmpty() || !(values.get().tree() instanceof Map<?, ?> map)) {
            return List.of();
        }
        List<ValueOrigin> unread = new ArrayList<>();
        for (Object k : map.keySet()) {
            String key = String.valueOf(k);
            if (!valuesRead.contains(key)) {
                unread.add(new ValueOrigin(values.get().displayName(), values.get().lineOf(JsonPointers.child("", key)), key));
            }
        }
        return unread;
    }

    private Optional<ConfigFile> values() {
        Optional<ConfigFile> v = valuesFile;
        if (v == null) {
            synchronized (this) {
                v = valuesFile;
                if (v == null) {
                    v = readRaw(VALUES);
                    v.ifPresent(f -> {
                        if (!(f.tree() instanceof Map<?, ?>)) {
                            throw f.error("", "values.yml must be a map of keys to values, like 'server.httpPort: 8443'");
                        }
                    });
                    v.ifPresent(loaded::add);
                    valuesFile = v;
                }
            }
        }
        return v;
    }

    /**
     * Parses, on the calling thread, every config file the service is likely to read: values, server,
     * lumen-status, status, app-status and handler first, then every other {@code .yml}, {@code .yaml} and {@code .json}
     * of the config dirs. A service's start runs it on a second thread while logging and the server get
     * ready, so that {@link #find} finds the files parsed; nothing else changes (injection, binding and
     * {@link #loaded()} happen on {@code find} as before). Never throws: a file that cannot be parsed
     * reports its error to whoever finds it.
     */
    public void prefetch() {
        Set<String> names = new LinkedHashSet<>(List.of(VALUES, "server", "lumen-status", "status", "app-status", "handler"));
        names.addAll(fileNames());
        try {
            prefetched.parseAll(List.copyOf(names), this::parseRawNow);
        } catch (RuntimeException e) {
            // each failure stays with its file
        }
    }

    /** The base names of the {@code .yml}, {@code .yaml} and {@code .json} files of the config dirs, sorted per dir. */
    public Set<String> fileNames() {
        return places.fileNames();
    }

    /** Looks the name up in every place and parses the first hit, without injection (or takes the prefetch's parse). */
    private Optional<ConfigFile> readRaw(String name) {
        return prefetched.read(name, this::parseRawNow);
    }


    private Optional<ConfigFile> parseRawNow(String name) {
        return places.readFirst(name, this::parse);
    }

    private ConfigFile parse(String name, String displayName, InputStream in) {
        // an API spec is YAML 1.2, as OpenAPI recommends (an enum's unquoted NO is Norway, not false)
        YamlReader.Parsed parsed = YamlReader.read(in, displayName, specNames.contains(name));
        return new ConfigFile(name, displayName, parsed.tree(), parsed.lines());
    }




    /** Configures a {@link ConfigLoader}; everything has a sensible default for a real process. */
    public static final class Builder {
        private List<Path> configDirs;
        private ClassLoader classLoader;
        private Function<String, String> env = System::getenv;
        private ValueSource embedding = ValueSource.NONE;
        private final Map<String, Object> overrides = new LinkedHashMap<>();
        private Set<String> specNames = Set.copyOf(SpecFiles.BASE_NAMES);

        private Builder() {}

        /**
         * Base names of the files that are API specs, read by YAML 1.2's core schema as OpenAPI
         * recommends (an unquoted {@code NO} is text); default {@code openapi} and {@code swagger}. A
         * tool that loads a spec of any name (the code generator's {@code my-api.yaml}) names it here.
         */
        public Builder specNames(Set<String> names) {
            this.specNames = Set.copyOf(names);
            return this;
        }

        /** Config directories, searched in order; default: the {@code light-4j-config-dir} system property. */
        public Builder configDirs(List<Path> dirs) {
            this.configDirs = List.copyOf(dirs);
            return this;
        }

        public Builder classLoader(ClassLoader cl) {
            this.classLoader = cl;
            return this;
        }

        /**
         * Where environment variables come from; tests pass a map's {@code get}; null: no environment
         * (a missing value's message then names no variable).
         */
        public Builder env(Function<String, String> env) {
            this.env = env;
            return this;
        }

        /**
         * Values of the application that embeds Lumen (e.g. Spring's {@code Environment}): asked after
         * the environment variable and before values.yml.
         */
        public Builder values(ValueSource source) {
            this.embedding = source == null ? ValueSource.NONE : source;
            return this;
        }

        /** Values that beat the environment and values.yml, keyed like {@code server.httpPort}; typed as given. */
        public Builder overrides(Map<String, ?> values) {
            this.overrides.putAll(values);
            return this;
        }

        public ConfigLoader build() {
            return new ConfigLoader(this);
        }
    }
}
