package io.lumen.cli.migrate;

import io.lumen.cli.schema.ConfigRecords;
import io.lumen.config.Light4jDefaults;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code lumen migrate}: a light-4j service, light-proxy or light-gateway config folder turned into
 * a Lumen one. handler.yml (with its values.yml {@code handler.*} keys) is rewritten by
 * {@link HandlerMigration}; the files and values.yml keys of light-4j modules Lumen has no reader
 * for are left out ({@link Light4jModules}); {@code logging.yml} and {@code configReload.yml} become
 * logger.yml and reload.yml; light-4j's defaults a folder relied on (its jar's server.yml and handler.yml) are
 * written out as Lumen takes them at startup ({@link ServerDefaults}, {@link Light4jDefaults}); encrypted {@code CRYPT:} values stay (Lumen decrypts them);
 * everything else is copied as written (status.yml and app-status.yml too: Lumen keeps light-4j's
 * codes). The same input gives the same output, byte for byte.
 */
public final class Migration {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{\\s*handler\\.([A-Za-z]+)\\s*(?::(.*))?}");
    private static final List<String> EXTENSIONS = List.of(".yml", ".yaml", ".json");

    private final Path source;
    private final MigrationReport report;
    private final ValuesFile values;
    private final Map<Path, byte[]> output = new TreeMap<>(); // relative path -> bytes

    private Migration(Path source, String displayName) throws IOException {
        this.source = source;
        this.report = new MigrationReport(displayName);
        Path valuesYml = source.resolve("values.yml");
        this.values = Files.isRegularFile(valuesYml) ? ValuesFile.parse(Files.readString(valuesYml)) : ValuesFile.empty();
    }

    /**
     * Migrates {@code source} into {@code target}: a new or empty folder, or one an earlier migrate
     * wrote (it has {@link MigrationReport#FILE}), whose files are replaced.
     */
    public static MigrationReport run(Path source, Path target) throws IOException {
        if (!Files.isDirectory(source)) {
            throw new IllegalArgumentException(source + " is not a folder");
        }
        Migration m = new Migration(source, source.getFileName() == null ? source.toString() : source.getFileName().toString());
        m.migrate();
        m.write(target);
        return m.report;
    }

    private void migrate() throws IOException {
        List<Path> files = files();
        migrateHandlers(files.contains(Path.of("handler.yml")) ? readMap(source.resolve("handler.yml")) : null);
        for (Path file : files) {
            String name = file.getFileName().toString();
            String base = baseName(name);
            if (file.getNameCount() > 1 || base == null) {
                output.put(file, Files.readAllBytes(source.resolve(file)));
                report.kept(file + ": copied");
            } else if (!name.equals("values.yml") && !name.equals("handler.yml")) {
                migrateFile(file, base);
            }
        }
        migrateValues();
        Map<String, Object> serverYml = files.contains(Path.of("server.yml")) ? readMap(source.resolve("server.yml")) : null;
        ServerDefaults.apply(serverYml, values, source, report);
        keepLight4jErrorJson(files);
        if (files.contains(Path.of("values.yml")) || !values.render().isEmpty()) {
            output.put(Path.of("values.yml"), values.render().getBytes(StandardCharsets.UTF_8));
        }
        output.put(Path.of(MigrationReport.FILE), report.render().getBytes(StandardCharsets.UTF_8));
    }

    /** handler.yml from the folder's file with its {@code ${handler.x}} filled from values.yml, or from values.yml alone. */
    private void migrateHandlers(Map<String, Object> handlerYml) {
        Map<String, Object> light4j = new LinkedHashMap<>();
        if (handlerYml != null) {
            handlerYml.forEach((key, value) -> {
                Matcher m = value instanceof String s ? PLACEHOLDER.matcher(s.trim()) : null;
                if (m != null && m.matches()) {
                    Object given = values.get("handler." + m.group(1));
                    Object resolved = given != null ? given : m.group(2) == null || m.group(2).isBlank() ? null
                            : new Yaml(new SafeConstructor(new LoaderOptions())).load(m.group(2));
                    if (resolved != null) {
                        light4j.put(key, resolved);
                    }
                } else {
                    light4j.put(key, value);
                }
            });
        }
        for (String key : values.keysOf("handler")) {
            String rest = key.substring("handler.".length());
            int dot = rest.indexOf('.');
            if (dot < 0) {
                light4j.putIfAbsent(rest, values.get(key));
            } else { // handler.chains.default: one entry of a map
                Map<String, Object> map = new LinkedHashMap<>();
                if (light4j.get(rest.substring(0, dot)) instanceof Map<?, ?> existing) {
                    existing.forEach((k, v) -> map.put(String.valueOf(k), v));
                }
                map.putIfAbsent(rest.substring(dot + 1), values.get(key));
                light4j.put(rest.substring(0, dot), map);
            }
        }
        if (handlerYml == null) {
            // light-gateway's and light-proxy's jars shipped a handler.yml: its chains and routes, as Lumen runs the folder
            for (String key : List.of("chains", "paths")) {
                Object jar = Light4jDefaults.value("handler", key, values::get, f -> false);
                if (jar != null) {
                    light4j.put(key, jar);
                    report.changed("handler.yml: " + key + " from light-4j's jar (its shipped handler.yml, filled from"
                            + " values.yml handler.chains.default), as Lumen runs a folder without handler.yml");
                }
            }
        }
        if (light4j.isEmpty()) {
            report.notCarried("handler.yml: the folder has none and values.yml no handler.* keys; Lumen needs handler.yml"
                    + " to declare the routes");
            return;
        }
        Map<String, Object> lumen = new HandlerMigration(report).migrate(light4j);
        String header = "# Written by lumen migrate from the light-4j folder's "
                + (handlerYml != null ? "handler.yml" : "") + (handlerYml != null && !values.keysOf("handler").isEmpty() ? " and " : "")
                + (values.keysOf("handler").isEmpty() ? "" : "values.yml handler.* keys") + " (see MIGRATION.md).\n";
        output.put(Path.of("handler.yml"), (header + Yamls.dump(lumen)).getBytes(StandardCharsets.UTF_8));
        for (String key : values.keysOf("handler")) {
            values.remove(key);
            report.changed("values.yml: " + key + " moved into handler.yml");
        }
    }

    private void migrateFile(Path file, String base) throws IOException {
        String name = file.getFileName().toString();
        if (Light4jModules.RENAMED.containsKey(base)) {
            String to = Light4jModules.RENAMED.get(base);
            Map<String, Object> tree = readMap(source.resolve(file));
            Map<String, Object> kept = new LinkedHashMap<>();
            if (tree.containsKey("enabled")) {
                Object enabled = tree.get("enabled");
                // ${configReload.enabled:true} follows its values.yml key, which becomes reload.enabled
                kept.put("enabled", enabled instanceof String text ? text.replace("${" + base + ".", "${" + to + ".") : enabled);
            }
            tree.keySet().stream().filter(k -> !k.equals("enabled")).forEach(k ->
                    report.notCarried(name + " `" + k + "`: Lumen's " + to + ".yml has no such setting"));
            output.put(Path.of(to + ".yml"), ("# From light-4j's " + name + " by lumen migrate.\n" + Yamls.dump(kept))
                    .getBytes(StandardCharsets.UTF_8));
            report.changed(name + " -> " + to + ".yml");
            return;
        }
        if (Light4jModules.insteadOf(base).isPresent()) {
            report.notCarried(name + ": light-4j's " + base + " module; Lumen has none: use " + Light4jModules.insteadOf(base).get());
            return;
        }
        output.put(file, Files.readAllBytes(source.resolve(file)));
        Class<? extends Record> record = ConfigRecords.FILES.get(base);
        if (record != null) {
            for (String key : readMap(source.resolve(file)).keySet()) {
                if (!RecordKeys.has(record, key)) {
                    report.kept(name + " `" + key + "`: no effect on Lumen (startup warns); remove it when you no longer need it for light-4j");
                }
            }
        } else if (base.equals("status") || base.equals("app-status")) {
            report.kept(name + ": merged over Lumen's codes, which are light-4j's where light-4j defines them (docs/status-codes.md)");
        } else {
            report.kept(name + ": copied");
        }
    }

    /**
     * light-4j answers its error JSON whatever error schema the spec declares; Lumen's validator
     * would answer in the declared format, so the migrated folder switches that off.
     */
    private void keepLight4jErrorJson(List<Path> files) throws IOException {
        // a Swagger 2.0 folder (swagger.*, swagger-validator.yml) is read as light-rest-4j's Swagger line was
        boolean spec = files.stream().anyMatch(f -> f.getNameCount() == 1
                && ("openapi".equals(baseName(f.toString())) || "swagger".equals(baseName(f.toString()))));
        String module = !Files.isRegularFile(source.resolve("openapi-validator.yml"))
                && Files.isRegularFile(source.resolve("swagger-validator.yml")) ? "swagger-validator" : "openapi-validator";
        Path validatorYml = source.resolve(module + ".yml");
        boolean set = values.has(module + ".errorFormat")
                || Files.isRegularFile(validatorYml) && readMap(validatorYml).containsKey("errorFormat");
        if (spec && !set) {
            values.add(module + ".errorFormat", "{enabled: false}");
            report.changed("values.yml: " + module + ".errorFormat: {enabled: false} added, so that rejections are"
                    + " light-4j's error JSON (ERR10007, ERR11004, ...) even where the spec declares an error schema");
        }
    }

    /** values.yml keys of modules without a reader leave; renamed modules' enabled switch moves; CRYPT: values stay. */
    private void migrateValues() {
        // light-4j's DirectRegistry took URLs from service.singletons, and so does Lumen's gateway (Light4jDefaults):
        // written out before the service.* keys go
        if (!Files.isRegularFile(source.resolve("direct-registry.yml")) && values.get("direct-registry.directUrls") == null) {
            Object urls = Light4jDefaults.value("direct-registry", "directUrls", values::get, f -> false);
            if (urls != null) {
                values.add("direct-registry.directUrls", urls);
                report.changed("values.yml: direct-registry.directUrls added from service.singletons' URLImpl parameters"
                        + " (light-4j's DirectRegistry read them there, as Lumen's gateway does for a folder without"
                        + " direct-registry.yml)");
            }
        }
        Map<String, List<String>> unread = new TreeMap<>();
        for (String key : new ArrayList<>(values.values().keySet())) {
            if (!values.has(key)) {
                continue;
            }
            int dot = key.indexOf('.');
            String module = dot < 0 ? key : key.substring(0, dot);
            String rest = dot < 0 ? "" : key.substring(dot + 1);
            Object value = values.get(key);
            if (value instanceof String s && s.startsWith("CRYPT:")) {
                report.changed("values.yml: " + key + " is encrypted (CRYPT:); kept: Lumen decrypts it at startup with the"
                        + " master password in LIGHT_4J_CONFIG_PASSWORD, as light-4j did (or give the plain value as the"
                        + " environment variable " + envName(key) + ")");
            } else if (Light4jModules.RENAMED.containsKey(module)) {
                String to = Light4jModules.RENAMED.get(module);
                if (rest.equals("enabled")) {
                    values.rename(key, to + ".enabled");
                    report.changed("values.yml: " + key + " -> " + to + ".enabled");
                } else {
                    values.remove(key);
                    report.notCarried("values.yml: " + key + " removed: Lumen's " + to + ".yml has no such setting");
                }
            } else if (Light4jModules.insteadOf(module).isPresent()) {
                values.remove(key);
                unread.computeIfAbsent(module, m -> new ArrayList<>()).add(key);
            } else if (ConfigRecords.FILES.containsKey(module) && !rest.isEmpty()) {
                Class<? extends Record> record = ConfigRecords.FILES.get(module);
                if (!RecordKeys.has(record, rest)) {
                    values.remove(key);
                    report.notCarried("values.yml: " + key + " removed: no effect on Lumen (" + module + ".yml has no such"
                            + " setting; docs/migrating-from-light-4j.md)");
                } else if (!RecordKeys.fits(record, rest, value)) {
                    values.remove(key);
                    report.notCarried("values.yml: " + key + ": " + value + " removed: Lumen's " + module + ".yml `" + rest
                            + "` takes a " + typeName(record, rest) + " (docs/migrating-from-light-4j.md)");
                }
            }
        }
        unread.forEach((module, keys) -> report.notCarried("values.yml: " + String.join(", ", keys) + " removed: light-4j's "
                + module + " module; Lumen has none: use " + Light4jModules.insteadOf(module).orElseThrow()));
    }

    private void write(Path target) throws IOException {
        if (Files.isDirectory(target)) {
            try (Stream<Path> existing = Files.list(target)) {
                if (existing.findAny().isPresent() && !Files.isRegularFile(target.resolve(MigrationReport.FILE))) {
                    throw new IllegalArgumentException(target + " has files and no " + MigrationReport.FILE
                            + ": give an empty folder or one lumen migrate wrote");
                }
            }
            try (Stream<Path> old = Files.walk(target)) {
                for (Path p : old.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                    if (!p.equals(target)) {
                        Files.delete(p);
                    }
                }
            }
        }
        for (Map.Entry<Path, byte[]> f : output.entrySet()) {
            Path to = target.resolve(f.getKey());
            Files.createDirectories(to.getParent());
            Files.write(to, f.getValue());
        }
    }

    /** Every file of the folder, relative, sorted; the report of an earlier run is not an input. */
    private List<Path> files() throws IOException {
        try (Stream<Path> all = Files.walk(source)) {
            return all.filter(Files::isRegularFile).map(source::relativize)
                    .filter(p -> !p.toString().equals(MigrationReport.FILE)).sorted().toList();
        }
    }

    private static String typeName(Class<? extends Record> record, String key) {
        for (RecordComponent c : record.getRecordComponents()) {
            if (c.getName().equals(key)) {
                return c.getType().getSimpleName().toLowerCase(Locale.ROOT);
            }
        }
        return "value";
    }

    private static String baseName(String file) {
        return EXTENSIONS.stream().filter(file::endsWith).findFirst()
                .map(ext -> file.substring(0, file.length() - ext.length())).orElse(null);
    }

    private static Map<String, Object> readMap(Path file) throws IOException {
        Object tree = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(file));
        Map<String, Object> map = new LinkedHashMap<>();
        if (tree instanceof Map<?, ?> m) {
            m.forEach((k, v) -> map.put(String.valueOf(k), v));
        }
        return map;
    }

    /** light-4j's environment variable for a values key: {@code server.keystorePass -> SERVER_KEYSTOREPASS}. */
    private static String envName(String key) {
        StringBuilder b = new StringBuilder();
        for (char c : key.toCharArray()) {
            b.append(Character.isLetterOrDigit(c) ? Character.toUpperCase(c) : '_');
        }
        return b.toString();
    }
}
