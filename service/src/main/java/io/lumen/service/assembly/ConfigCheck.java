package io.lumen.service.assembly;

import io.lumen.config.ClasspathProperties;
import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import io.lumen.config.ConfigProblems;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every problem of every config file in one pass, as startup finds them: each file of the config
 * dirs that a Lumen module binds ({@code META-INF/lumen/configs.properties}: name=record class) is
 * parsed, injected and bound, values.yml included; then handler.yml's handlers, chains and paths are
 * built. {@link ServiceAssembly} runs the first part before it assembles and reports both parts
 * together; {@link #check} runs all of it without a server, for {@code lumen check}.
 */
public final class ConfigCheck {
    static final String RESOURCE = "META-INF/lumen/configs.properties";

    private ConfigCheck() {
    }

    /**
     * Every problem a start from {@code config} would report, without opening a listener or running
     * startup hooks (nothing connects to a database): the service is assembled (every handler
     * instantiated, as startup does) and closed again. Empty when it would start, as far as a
     * configuration can tell.
     */
    public static List<ConfigException> check(ConfigLoader config) {
        try {
            ServiceAssembly.builder(config).startupHooks(false).build().close();
            return List.of();
        } catch (ConfigException e) {
            return e.problems();
        } catch (RuntimeException e) {
            return List.of(new ConfigException(null, 0, null, e.getMessage() == null ? e.toString() : e.getMessage()));
        }
    }

    /** The file part: every known config file of the dirs parsed, injected and bound, problems kept. */
    static ConfigProblems files(ConfigLoader config, ClassLoader classLoader) {
        ConfigProblems problems = new ConfigProblems();
        problems.run(() -> config.find("values"));
        Map<String, String> records = ClasspathProperties.readAll(classLoader, RESOURCE);
        for (String name : config.fileNames()) {
            String recordClass = records.get(name);
            if (recordClass == null) {
                continue; // a spec, a keystore list, a file of a module not on the classpath: read by whoever needs it
            }
            problems.run(() -> config.find(name).ifPresent(f -> f.bind(load(recordClass, classLoader))));
        }
        return problems;
    }

    private static Class<?> load(String className, ClassLoader classLoader) {
        try {
            return Class.forName(className, false, classLoader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(RESOURCE + " names " + className + ", which is not on the classpath", e);
        }
    }

    /**
     * Every config file a module on {@code classLoader}'s classpath binds: base name to record class
     * name ({@code cors -> io.lumen.handler.cors.CorsConfig}); also what lumen-cli's JSON Schemas are made from.
     */
    public static Map<String, String> records(ClassLoader classLoader) {
        return new TreeMap<>(ClasspathProperties.readAll(classLoader, RESOURCE));
    }
}
