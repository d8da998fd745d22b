package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;
import io.lumen.config.SpecFiles;
import io.lumen.server.ServiceContext;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Loads {@code openapi.yaml} ({@code .yml}, {@code .json}) through the config loader, reads the
 * files its {@code $ref}s name (relative to the referencing file; the root's through
 * {@link ConfigLoader#locate}), bundles them and builds the operations. Every problem is a
 * {@link ConfigException} {@code file:line: /json/pointer: problem} that stops startup.
 *
 * <p>The steps are separate classes: {@code RefBundler} (the files and their {@code $ref}s into one
 * tree) and {@code OperationReader} (paths, operations, parameters, bodies, responses, scopes);
 * this class finds the file, checks the version and the base path, and assembles the
 * {@link OpenApiSpec}. Thread-safe: each load uses its own objects.
 */
public final class SpecLoader {
    private final ConfigLoader loader;

    private SpecLoader(ConfigLoader loader) {
        this.loader = loader;
    }

    /** The service's one spec, loaded on first use by whichever handler asks first. */
    public static OpenApiSpec shared(ServiceContext context) {
        return context.shared(OpenApiSpec.class, () -> load(context.config()));
    }

    /**
     * Loads and checks the spec named {@code openapi} in the config dirs or classpath {@code config/},
     * else the one named {@code swagger} (light-rest-4j's Swagger 2.0 line); a Swagger 2.0 document is
     * converted to OpenAPI 3.0 whatever its name.
     */
    public static OpenApiSpec load(ConfigLoader loader) {
        ConfigFile file = SpecFiles.find(loader).orElseThrow(() -> new ConfigException("openapi.yaml", 0, null,
                SpecFiles.NONE + "; the specification and validator middleware need the service's OpenAPI spec"));
        return new SpecLoader(loader).load(file);
    }

    /**
     * Loads and checks the spec in {@code file} (any base name; {@code .yaml}, {@code .yml} or
     * {@code .json}): how tools such as the code generator read a spec exactly as a service would.
     * {@code $ref}s resolve relative to the file; {@code ${...}} placeholders take their defaults or
     * a {@code values.yml} beside the file, never the environment, so the result depends on the
     * files alone. A missing file, a file shadowed by a sibling of the same base name (the config
     * loader reads {@code .yml} before {@code .yaml} before {@code .json}) and every problem of the
     * spec are {@link ConfigException}s {@code file:line: /json/pointer: problem}.
     */
    public static OpenApiSpec load(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        String fileName = absolute.getFileName() == null ? "" : absolute.getFileName().toString();
        int dot = fileName.lastIndexOf('.');
        String ext = dot < 0 ? "" : fileName.substring(dot).toLowerCase(Locale.ROOT);
        if (!List.of(".yaml", ".yml", ".json").contains(ext) || dot == 0) {
            throw new ConfigException(file.toString(), 0, null, "a spec file is named <name>.yaml, .yml or .json");
        }
        if (!Files.isRegularFile(absolute)) {
            throw new ConfigException(file.toString(), 0, null, "no such file");
        }
        ConfigLoader loader = ConfigLoader.builder()
                .configDirs(List.of(absolute.getParent()))
                .env(null) // the files alone: no environment variable, and no message that suggests one
                .classLoader(new URLClassLoader(new URL[0], null)) // no classpath config/: the folder alone
                .specNames(Set.of(fileName.substring(0, dot))) // whatever its name, a spec is YAML 1.2
                .build();
        ConfigFile found = loader.find(fileName.substring(0, dot)).orElseThrow(
                () -> new ConfigException(file.toString(), 0, null, "no such file"));
        if (!Path.of(found.displayName()).toAbsolutePath().normalize().equals(absolute)) {
            throw new ConfigException(file.toString(), 0, null, found.displayName()
                    + " has the same base name and is read first; rename one of them");
        }
        return new SpecLoader(loader).load(found);
    }

    private OpenApiSpec load(ConfigFile file) {
        JsonNode tree = loader.mapper().valueToTree(file.tree());
        if (!(tree instanceof ObjectNode root)) {
            throw new ConfigException(file.displayName(), 1, null, "an OpenAPI document is a map with 'openapi', 'info' and 'paths'");
        }
        List<SpecSource> sources = new ArrayList<>();
        List<URL> urls = new ArrayList<>();
        SpecSource rootSource = new SpecSource(file.displayName(), root, file::lineOf);
        boolean swagger2 = Swagger2Converter.isSwagger2(root);
        if (swagger2) {
            rootSource = Swagger2Converter.convert(rootSource);
        }
        sources.add(rootSource);
        URL rootUrl = rootUrl(file);
        urls.add(rootUrl);
        ObjectNode bundle = new RefBundler(loader, sources, urls).bundle((ObjectNode) rootSource.tree());
        if (swagger2 && bundle.get(OpenApiSpec.FILES) != null) {
            // the files a 2.0 spec references hold 2.0 schemas
            JsonNode files = bundle.get(OpenApiSpec.FILES);
            for (int i = 0; i < files.size(); i++) {
                Swagger2Schemas schemas = new Swagger2Schemas();
                schemas.fixInPlace(files.get(i), "");
                Swagger2Converter.warnDroppedTuples(sources.get(i + 1), schemas.droppedTuples());
            }
        }
        OpenApiSpec draft = new OpenApiSpec(version(rootSource), "", List.of(), bundle, new byte[0], file.displayName(), sources);
        RefBundler.checkRefs(draft, bundle, "");
        String basePath = effectiveBasePath(draft);
        List<Operation> operations = new OperationReader(draft, bundle, basePath).read();
        return new OpenApiSpec(draft.version(), basePath, operations, bundle, bytes(rootUrl, file), file.displayName(), sources);
    }

    private static String version(SpecSource root) {
        JsonNode v = root.tree().get("openapi");
        if (v == null || !v.isTextual() || !(v.asText().startsWith("3.0.") || v.asText().startsWith("3.1."))) {
            throw root.error("/openapi", "expected an OpenAPI version 3.0.x or 3.1.x (or swagger: \"2.0\"), got " + (v == null ? "nothing" : v));
        }
        return v.asText();
    }

    /** The explicit base path: where the spec's paths begin, as Lumen's router sees request paths. */
    public static final String BASE_PATH_KEY = "openapi.basePath";
    /**
     * The path prefix the server strips before Lumen's router sees a request (a Spring application's
     * {@code server.servlet.context-path}; the Spring Boot starters set it).
     */
    public static final String CONTEXT_PATH_KEY = "server.contextPath";

    /**
     * {@value #BASE_PATH_KEY} when set (values.yml, the environment, or the embedding application's
     * properties), else the path of {@code servers[0].url} without the context path it starts with:
     * a server URL {@code http://host/shop/api} under context path {@code /shop} matches request paths
     * {@code /api/...}, which is what the router sees.
     */
    private String effectiveBasePath(OpenApiSpec spec) {
        Object explicit = loader.value(BASE_PATH_KEY).orElse(null);
        if (explicit != null) {
            String path = trimSlashes(String.valueOf(explicit));
            if (!path.isEmpty() && !path.startsWith("/")) {
                throw new ConfigException(BASE_PATH_KEY, 0, null, "a base path starts with '/', got '" + explicit + "'");
            }
            return path;
        }
        String server = basePath(spec);
        String context = trimSlashes(String.valueOf(loader.value(CONTEXT_PATH_KEY).orElse("")));
        if (!context.isEmpty() && (server.equals(context) || server.startsWith(context + "/"))) {
            return server.substring(context.length());
        }
        return server;
    }

    private static String trimSlashes(String path) {
        String p = path.trim();
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }

    /** The path of {@code servers[0].url}, its variables replaced by their defaults. */
    private static String basePath(OpenApiSpec spec) {
        JsonNode server = spec.bundle().path("servers").path(0);
        JsonNode urlNode = server.path("url");
        if (!urlNode.isTextual()) {
            return "";
        }
        String url = urlNode.asText();
        for (Iterator<Map.Entry<String, JsonNode>> it = server.path("variables").properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> v = it.next();
            url = url.replace("{" + v.getKey() + "}", v.getValue().path("default").asText(""));
        }
        String path;
        try {
            int scheme = url.indexOf("://");
            path = scheme >= 0 ? URI.create(url).getRawPath() : url;
        } catch (IllegalArgumentException e) {
            throw spec.error("/servers/0/url", "not a URL: " + e.getMessage());
        }
        if (path == null) {
            return "";
        }
        path = trimSlashes(path);
        if (!path.isEmpty() && !path.startsWith("/")) {
            throw spec.error("/servers/0/url", "a relative server URL must start with '/', got '" + url + "'");
        }
        return path;
    }


    private URL rootUrl(ConfigFile file) {
        String name = file.displayName();
        String fileName = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
        return loader.locate(fileName).orElseThrow(() -> new ConfigException(name, 0, null, "cannot locate the spec file again"));
    }

    private static byte[] bytes(URL url, ConfigFile file) {
        try (InputStream in = url.openStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new ConfigException(file.displayName(), 0, null, "cannot read: " + e.getMessage(), e);
        }
    }
}
