package io.lumen.web.resource;

import io.lumen.status.ErrorCodes;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.resource.ClassPathResourceManager;
import io.undertow.server.handlers.resource.PathResourceManager;
import io.undertow.server.handlers.resource.PreCompressedResourceSupplier;
import io.undertow.server.handlers.resource.ResourceHandler;
import io.undertow.server.handlers.resource.ResourceManager;
import io.undertow.util.ETag;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import io.undertow.util.MimeMappings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * One {@code static.yml} location: Undertow's {@link ResourceHandler} over a {@link PathResourceManager}
 * (strong ETags from size and modification time, symbolic links refused unless configured) or a
 * {@link ClassPathResourceManager}, with precompressed siblings through Undertow's
 * {@link PreCompressedResourceSupplier}. A path that is no file answers the SPA's index file when
 * the location is a single-page app and the path looks like a page, else 404 ERR19202. Thread-safe.
 */
final class ServedLocation {
    private static final String NOT_FOUND = ErrorCodes.RESOURCE_NOT_FOUND;
    private static final MimeMappings TYPES = MimeMappings.builder(true)
            .addMapping("json", "application/json").addMapping("mjs", "text/javascript")
            .addMapping("js", "text/javascript").addMapping("map", "application/json")
            .addMapping("wasm", "application/wasm").addMapping("webmanifest", "application/manifest+json")
            .addMapping("webp", "image/webp").addMapping("woff2", "font/woff2").addMapping("avif", "image/avif")
            .build();

    private final StaticConfig.Location config;
    private final ErrorResponder errors;
    private final CacheRules cache;
    private final ResourceHandler files;
    private final ResourceHandler indexOnly;
    private final SmallFiles small;

    ServedLocation(StaticConfig.Location config, ErrorResponder errors) {
        this.config = config;
        this.errors = errors;
        this.cache = new CacheRules(config);
        ResourceManager manager = manager(config);
        this.small = new SmallFiles(manager, TYPES, config.precompressed(), config.memoryCacheMaxFileSize(),
                config.memoryCacheEntries(), config.memoryCacheValidity());
        PreCompressedResourceSupplier supplier = new PreCompressedResourceSupplier(manager);
        for (String coding : config.precompressed()) {
            supplier.addEncoding(coding, coding.equals("br") ? ".br" : ".gz");
        }
        HttpHandler notFound = this::notFound;
        this.indexOnly = resources(supplier, notFound, config);
        this.files = resources(supplier, config.spa() ? this::fallback : notFound, config);
    }

    private static ResourceHandler resources(PreCompressedResourceSupplier supplier, HttpHandler next,
                                             StaticConfig.Location config) {
        ResourceHandler h = new ResourceHandler(supplier, next);
        h.setWelcomeFiles(config.indexFiles().toArray(String[]::new));
        h.setDirectoryListingEnabled(false);
        h.setMimeMappings(TYPES);
        return h;
    }

    private static ResourceManager manager(StaticConfig.Location config) {
        if (config.classpath() != null) {
            String folder = config.classpath().replaceAll("^/+|/+$", "");
            ClassLoader cl = Thread.currentThread().getContextClassLoader();
            return new ClassPathResourceManager(cl != null ? cl : ServedLocation.class.getClassLoader(), folder);
        }
        Path base = Path.of(config.folder()).toAbsolutePath().normalize();
        if (!Files.isDirectory(base)) {
            throw new IllegalArgumentException("locations " + config.prefix() + ": folder " + base + " is not a directory");
        }
        try {
            base = base.toRealPath(); // the root itself may be reached through a link; what is under it may not
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return PathResourceManager.builder().setBase(base).setFollowLinks(config.followSymlinks())
                .setETagFunction(ServedLocation::etag).setCaseSensitive(true).build();
    }

    private static ETag etag(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return new ETag(false, Long.toHexString(a.size()) + "-" + Long.toHexString(a.lastModifiedTime().toMillis()));
        } catch (IOException e) {
            return null;
        }
    }

    String prefix() {
        return config.prefix();
    }

    /** Serves {@code path}, the part of the request path under the prefix (starting with {@code /}). */
    void serve(HttpServerExchange exchange, String path) throws Exception {
        String value = cache.valueFor(path);
        if (value != null) {
            exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, value);
        }
        if (!config.precompressed().isEmpty()) {
            exchange.getResponseHeaders().put(Headers.VARY, Headers.ACCEPT_ENCODING_STRING);
        }
        exchange.setResolvedPath(config.prefix().equals("/") ? "" : config.prefix()); // redirects keep the prefix
        exchange.setRelativePath(path);
        if (!small.enabled() || !SmallFileAnswers.applies(exchange, path)) {
            files.handleRequest(exchange);
            return;
        }
        SmallFiles.Entry kept = small.fresh(path);
        if (kept != null) {
            answer(exchange, kept);
        } else if (exchange.isInIoThread()) {
            exchange.dispatch(e -> answer(e, small.load(path)));
        } else {
            answer(exchange, small.load(path));
        }
    }

    /** A kept file from memory; anything else (a directory, a large file, no such path) as before. */
    private void answer(HttpServerExchange exchange, SmallFiles.Entry entry) throws Exception {
        if (entry != null && entry.kept()) {
            SmallFileAnswers.send(exchange, entry);
        } else {
            files.handleRequest(exchange);
        }
    }

    /** No such file in a single-page app: its index file when the request is for a page. */
    private void fallback(HttpServerExchange exchange) throws Exception {
        String path = exchange.getRelativePath();
        String last = path.substring(path.lastIndexOf('/') + 1);
        boolean page = (exchange.getRequestMethod().equals(Methods.GET) || exchange.getRequestMethod().equals(Methods.HEAD))
                && last.indexOf('.') < 0 && !api(exchange.getRequestPath());
        if (!page) {
            notFound(exchange);
            return;
        }
        String index = "/" + config.indexFiles().get(0);
        String value = cache.valueFor(index);
        if (value != null) {
            exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, value);
        } else {
            exchange.getResponseHeaders().remove(Headers.CACHE_CONTROL);
        }
        exchange.setRelativePath(index);
        indexOnly.handleRequest(exchange);
    }

    private boolean api(String requestPath) {
        List<String> prefixes = config.apiPrefixes();
        for (String p : prefixes) {
            if (PathPrefixes.matches(p, requestPath)) {
                return true;
            }
        }
        return false;
    }

    private void notFound(HttpServerExchange exchange) {
        exchange.getResponseHeaders().remove(Headers.CACHE_CONTROL);
        errors.send(exchange, NOT_FOUND, exchange.getRequestPath());
    }
}
