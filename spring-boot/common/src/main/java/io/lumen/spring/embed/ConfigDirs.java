package io.lumen.spring.embed;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import org.springframework.core.env.Environment;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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

    /** Lumen's config loader over these dirs, placeholders resolved from Spring's {@code Environment} too. */
    public ConfigLoader loader(ClassLoader classLoader, Environment environment) {
        ConfigLoader.Builder b = ConfigLoader.builder().classLoader(classLoader).values(new SpringValueSource(environment));
        if (explicit) {
            b.configDirs(dirs);
        }
        return b.build();
    }
}
