package io.lumen.handler.chain;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigProblems;
import io.lumen.handler.FailureHandler;
import io.lumen.handler.Middleware;
import io.lumen.handler.config.HandlerConfig;
import io.lumen.handler.config.PathEntry;
import io.lumen.path.PathTemplate;
import io.lumen.http.HttpMethods;
import io.lumen.handler.router.Route;
import io.lumen.handler.router.Router;
import io.lumen.handler.router.RouterHandler;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.util.HttpString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Turns handler.yml into a ready {@link RouterHandler}: handlers instantiated, chains expanded,
 * disabled middleware dropped, each route linked, every route's chain logged once. Any problem is
 * a {@link ConfigException} naming handler.yml, the line and the entry.
 */
public final class HandlerChains {
    private static final Logger LOG = LoggerFactory.getLogger(HandlerChains.class);
    private static final Set<String> METHODS = HttpMethods.STANDARD.stream().map(HttpString::toString)
            .collect(Collectors.toUnmodifiableSet());

    private final ConfigFile file;
    private final ServiceContext context;
    private final HandlerConfig config;
    private final HandlerRegistry registry;
    private final ChainLinker linker;
    private final Map<String, List<String>> chains = new LinkedHashMap<>();
    private final Map<String, String> chainPointers = new LinkedHashMap<>();
    private final ConfigProblems problems = new ConfigProblems(); // every problem of handler.yml in one pass

    private HandlerChains(ConfigFile file, HandlerConfig config, ServiceContext context, FailureHandler lastResort,
                          ClassLoader classLoader, HandlerFactory factory) {
        this.file = file;
        this.context = context;
        this.config = config;
        this.registry = new HandlerRegistry(file, context, classLoader, Builtins.load(classLoader), factory, problems);
        this.linker = new ChainLinker(context.blockingExecutor(), lastResort);
    }

    /**
     * Builds the router of {@code file} (handler.yml, already bound to {@code config}).
     *
     * @param lastResort answers failures no exception middleware handles
     */
    public static RouterHandler build(ConfigFile file, HandlerConfig config, ServiceContext context,
                                      FailureHandler lastResort, ClassLoader classLoader) {
        return build(file, config, context, lastResort, classLoader, HandlerFactory.NONE);
    }

    /**
     * As {@link #build(ConfigFile, HandlerConfig, ServiceContext, FailureHandler, ClassLoader)}, asking
     * {@code factory} first for every handler name (an embedding application's own objects).
     */
    public static RouterHandler build(ConfigFile file, HandlerConfig config, ServiceContext context,
                                      FailureHandler lastResort, ClassLoader classLoader, HandlerFactory factory) {
        return new HandlerChains(file, config, context, lastResort, classLoader, factory).build(context);
    }

    private RouterHandler build(ServiceContext context) {
        Router.Builder routes = Router.builder();
        if (!config.enabled()) {
            LOG.info("{}: enabled is false, no routes are served", file.displayName());
            return new RouterHandler(routes.build(), null, context.errors());
        }
        registry.declare(config.handlers(), "/handlers");
        registry.declare(config.additionalHandlers(), "/additionalHandlers");
        declareChains(config.chains(), "/chains");
        declareChains(config.additionalChains(), "/additionalChains");
        addPaths(routes, config.paths(), "/paths");
        addPaths(routes, config.additionalPaths(), "/additionalPaths");
        HttpHandler[] fallback = {null};
        if (!config.defaultHandlers().isEmpty()) {
            problems.run(() -> {
                List<Link> links = resolve(config.defaultHandlers(), "/defaultHandlers");
                if (links != null) {
                    fallback[0] = linker.link("*", "*", links, msg -> file.error("/defaultHandlers", msg));
                    LOG.info("default -> {}", ChainLinker.names(links));
                }
            });
        }
        problems.throwIfAny();
        registry.unusedLight4j().forEach((name, className) -> LOG.info("{}: {} ({}) is used by no route: not started",
                file.where(registry.pointerOf(name)), name, className));
        return new RouterHandler(routes.build(), fallback[0], context.errors());
    }

    private void declareChains(Map<String, List<String>> declared, String pointer) {
        for (Map.Entry<String, List<String>> c : declared.entrySet()) {
            String p = pointer + "/" + c.getKey();
            if (chains.containsKey(c.getKey())) {
                problems.add(file.error(p, "chain '" + c.getKey() + "' is declared twice (first at line "
                        + file.lineOf(chainPointers.get(c.getKey())) + ")"));
                continue;
            }
            if (registry.isDeclared(c.getKey())) { // light-4j's own gateway folders do this (chain 'google' ends with handler 'google')
                LOG.info("{}: '{}' names both a chain and a handler: in exec lists it is the chain, inside chains the"
                        + " handler, as light-4j resolves names", file.where(p), c.getKey());
            }
            List<String> items = c.getValue() == null ? List.of() : c.getValue();
            for (int i = 0; i < items.size(); i++) {
                String item = items.get(i);
                String itemPointer = p + "/" + i;
                problems.run(() -> {
                    if (registry.find(item, itemPointer) == null) {
                        registry.markFailed(item); // reported here; the routes using the chain are not reported again
                        throw file.error(itemPointer, "unknown handler '" + item + "' in chain '" + c.getKey()
                                + "' (known handlers: " + registry.describeKnown() + ")" + yamlHint(item));
                    }
                });
            }
            chains.put(c.getKey(), items);
            chainPointers.put(c.getKey(), p);
        }
    }

    private void addPaths(Router.Builder routes, List<PathEntry> paths, String pointer) {
        for (int i = 0; i < paths.size(); i++) {
            PathEntry entry = paths.get(i);
            String p = pointer + "/" + i;
            problems.run(() -> addPath(routes, entry, p));
        }
    }

    private void addPath(Router.Builder routes, PathEntry entry, String p) {
        if (entry == null) {
            throw file.error(p, "a path entry needs path, method and exec");
        }
        if (entry.source() != null) {
            addSource(routes, entry, p);
            return;
        }
        PathTemplate template;
        try {
            template = PathTemplate.parse(entry.path());
        } catch (IllegalArgumentException e) {
            throw file.error(p + "/path", e.getMessage());
        }
        if (entry.method() == null || !METHODS.contains(entry.method().trim().toUpperCase(Locale.ROOT))) {
            throw file.error(p + "/method", "method must be one of " + new TreeSet<>(METHODS)
                    + ", got '" + entry.method() + "'");
        }
        String method = entry.method().trim().toUpperCase(Locale.ROOT);
        if (entry.exec().isEmpty()) {
            throw file.error(p, "exec is missing or empty: list the chains and handlers to run for "
                    + method + " " + entry.path());
        }
        List<Link> links = resolve(entry.exec(), p + "/exec");
        if (links == null) {
            return; // a handler of this route failed to start: reported where it is declared
        }
        HttpHandler handler = linker.link(method, template.text(), links, msg -> file.error(p + "/exec", msg));
        try {
            routes.add(new Route(HttpString.tryFromString(method), template, handler,
                    file.displayName() + ":" + file.lineOf(p), ChainLinker.names(links)));
        } catch (IllegalArgumentException e) {
            throw file.error(p, e.getMessage());
        }
        LOG.info("{} {} -> {}", method, template.text(), ChainLinker.names(links));
    }

    /** light-4j's {@code source}: one route per endpoint the source lists, each with the entry's exec. */
    private void addSource(Router.Builder routes, PathEntry entry, String p) {
        if (!SpecEndpoints.OPENAPI_SOURCE.equals(entry.source())) {
            throw file.error(p + "/source", "unknown endpoint source class '" + entry.source() + "': Lumen expands only "
                    + SpecEndpoints.OPENAPI_SOURCE + " (every operation of openapi.yaml); list the routes as path and method");
        }
        if (entry.path() != null || entry.method() != null) {
            throw file.error(p, "give either source or path and method, not both");
        }
        List<SpecEndpoints.Endpoint> endpoints;
        try {
            endpoints = SpecEndpoints.list(this.context.config());
        } catch (RuntimeException e) {
            throw file.error(p + "/source", e.getMessage());
        }
        LOG.info("{}: {} lists {} operations of the spec", file.where(p + "/source"), entry.source(), endpoints.size());
        for (SpecEndpoints.Endpoint e : endpoints) {
            addPath(routes, new PathEntry(e.path(), e.method(), entry.exec()), p);
        }
    }

    /** YAML 1.1 reads bare on/off/yes/no as booleans: say so when a name came out as one. */
    private static String yamlHint(String name) {
        return "true".equals(name) || "false".equals(name)
                ? "; note: YAML reads bare on/off/yes/no as booleans, quote the name" : "";
    }

    /**
     * Expands chain names, looks handlers up, and drops disabled middleware; null when one of the
     * handlers failed to start (already reported).
     */
    private List<Link> resolve(List<String> exec, String pointer) {
        List<Link> links = new ArrayList<>();
        boolean failed = false;
        for (int i = 0; i < exec.size(); i++) {
            String name = exec.get(i);
            List<String> chain = chains.get(name);
            List<String> names = chain != null ? chain : List.of(name == null ? "" : name);
            for (String n : names) {
                Object handler = registry.find(n, pointer + "/" + i);
                if (handler == null) {
                    throw file.error(pointer + "/" + i, "unknown handler or chain '" + name + "' (chains: "
                            + String.join(", ", chains.keySet()) + "; handlers: " + registry.describeKnown() + ")"
                            + yamlHint(name));
                }
                if (handler == HandlerRegistry.FAILED) {
                    failed = true;
                    continue;
                }
                if (handler instanceof Middleware m && !m.isEnabled()) {
                    continue;
                }
                links.add(new Link(n, handler));
            }
        }
        return failed ? null : links;
    }
}
