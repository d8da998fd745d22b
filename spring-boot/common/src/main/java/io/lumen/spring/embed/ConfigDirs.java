package io.lumen.spring.embed;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import io.lumen.openapi.SpecLoader;
import org.springframework.core.env.Environment;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where Lumen's config files come from in a Spring application: {@code lumen.config-dir} when set
 * (directories separated like a class path, each must exist), else the loader's own default
 * ({@code -Dlight-4j-config-dir}, then the classpath folder {@code config/}).
 *
 * @param dirs     the directories of {@code lumen.config-dir}
 * @param explicit whether {@code lumen.config-dir} was set
 */
public record ConfigDirs(List<Path> dirs, boolean explicit) {
    public static ConfigDirs resolve(String property) {
        if (property == null || property.isBlank()) {
            return new ConfigDirs(List.of(), false);
        }
        List<Path> dirs = new ArrayList<>();
        for (String part : property.split(File.pathSeparator)) {
            if (part.isBlank()) {
                continue;
            }
            Path dir = Path.of(part.trim());
            if (!Files.isDirectory(dir)) {
                throw new ConfigException("lumen.config-dir", 0, null, "'" + dir.toAbsolutePath()
                        + "' is not a directory (lumen.config-dir names the directories of handler.yml and the other Lumen files)");
            }
            dirs.add(dir);
        }
        return new ConfigDirs(List.copyOf(dirs), true);
    }

    /** Values Lumen's files and spec take from Spring under Lumen's names: the context path. */
    static Map<String, Object> springOverrides(Environment environment) {
        return Map.of(SpecLoader.CONTEXT_PATH_KEY, environment.getProperty("server.servlet.context-path", ""));
    }

    /**
     * Lumen's config loader over these dirs, placeholders resolved from Spring's {@code Environment}
     * too; {@code server.contextPath} is Spring's {@code server.servlet.context-path}, so that a spec whose
     * server URL includes it matches the paths Lumen's router sees (below the context path).
     */
    public ConfigLoader loader(ClassLoader classLoader, Environment environment) {
        ConfigLoader.Builder b = ConfigLoader.builder().classLoader(classLoader).values(new SpringValueSource(environment))
                .overrides(springOverrides(environment));
        if (explicit) {
            b.configDirs(dirs);
        }
        return b.build();
    }
}
