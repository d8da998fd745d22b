package io.lumen.service.assembly;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigProblems;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;
import io.lumen.handler.chain.HandlerChains;
import io.lumen.handler.chain.HandlerFactory;
import io.lumen.handler.config.HandlerConfig;
import io.lumen.handler.light4j.Light4jServiceYml;
import io.lumen.handler.router.Router;
import io.lumen.handler.router.RouterHandler;
import io.lumen.server.LumenServer;
import io.lumen.server.Readiness;
import io.lumen.server.ServerConfig;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusCatalogue;
import io.undertow.server.HttpHandler;

import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A Lumen service assembled but not served: server.yml, the status catalogue and error writer,
 * readiness, the {@link ServiceContext}, the startup hooks and handler.yml's router behind the
 * last-resort error guard. {@link io.lumen.service.LumenService} puts it behind its own Undertow server; an
 * application with a server of its own (the Spring Boot starter) puts {@link #root()} in front of
 * its handler. Built once per configuration generation on one thread; the result is thread-safe.
 *
 * <p>A configuration reload {@link #rebuild}s the next generation from the same settings and a
 * fresh read of the config files, then {@link #handOver}s to it the shared objects that outlive a
 * reload (the meter registry by default).
 *
 * <p>Errors: config problems throw {@link ConfigException} ({@code file:line: key: problem}); when
 * building fails after handlers shared closeable objects, those are closed first.
 */
public final class ServiceAssembly implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ServiceAssembly.class);

    private final DefaultServiceContext context;
    private final RouterHandler router;
    private final HttpHandler root;
    private final Optional<ConfigFile> handlerFile;
    private final Recipe recipe;

    private ServiceAssembly(DefaultServiceContext context, RouterHandler router, HttpHandler root,
                            Optional<ConfigFile> handlerFile, Recipe recipe) {
        this.context = context;
        this.router = router;
        this.root = root;
        this.handlerFile = handlerFile;
        this.recipe = recipe;
    }

    public static Builder builder(ConfigLoader config) {
        return new Builder(config);
    }

    public ServiceContext context() {
        return context;
    }

    /** The router, after the builder's {@code routes} adjustment. */
    public RouterHandler router() {
        return router;
    }

    /** What a server calls per request: the last-resort error guard in front of {@link #router()}. */
    public HttpHandler root() {
        return root;
    }

    /** The handler.yml the routes came from; empty when it was optional and absent. */
    public Optional<ConfigFile> handlerFile() {
        return handlerFile;
    }

    /**
     * Builds the next generation of this service: every builder setting of this one, the config read
     * through {@code config} (a {@link ConfigLoader#reread()} of this one's), startup hooks run again
     * with the new context, new handlers, new shared objects, except those that outlive a reload
     * ({@link Builder#keepOnReload}), which the new one gets as this one's instances. This assembly
     * keeps serving and owning everything until {@link #handOver}. The new generation's error writer is
     * its own, over the status catalogue as the files are now ({@code app-status.yml} reloads); a
     * writer given to {@link Builder#errors} served the first generation only. Same errors as
     * {@link Builder#build()}.
     */
    public ServiceAssembly rebuild(ConfigLoader config) {
        Map<Class<?>, Object> kept = new LinkedHashMap<>();
        for (Class<?> type : recipe.keep()) {
            Object value = context.peek(type);
            if (value != null && !recipe.shared().containsKey(type)) {
                kept.put(type, value);
            }
        }
        // the reload runs on a thread of its own: hooks and handlers load through the class loader of the first build
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(recipe.classLoader());
        try {
            return assemble(config, recipe, kept, null);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /**
     * Makes {@code next} (built by {@link #rebuild}) the owner of the objects it kept from this one:
     * this assembly's {@link #close()} then leaves them open, {@code next}'s closes them. Called once
     * {@code next} serves.
     */
    public void handOver(ServiceAssembly next) {
        for (Class<?> type : recipe.keep()) {
            Object value = context.peek(type);
            if (value != null && next.context.peek(type) == value && context.release(type)) {
                next.context.adopt(type);
            }
        }
    }

    /** Closes the objects handlers shared through the context (pools, clients); idempotent. */
    @Override
    public void close() {
        context.closeShared();
    }

    /** Everything a builder was told, kept so that a reload builds the next generation the same way. */
    private record Recipe(ServerConfig server, Readiness readiness, Executor blockingExecutor, HandlerFactory handlers,
                          BiFunction<RouterHandler, ConfigLoader, RouterHandler> routes, ClassLoader classLoader,
                          boolean handlerYmlOptional, boolean startupHooks, Map<Class<?>, Object> shared,
                          Map<Class<?>, Function<ConfigLoader, ?>> sharedEach, Set<Class<?>> keep) {
    }

    /**
     * @param given the caller's error writer (first generation only), or null: one over the catalogue
     *              read through {@code config}, so a reload answers with app-status.yml as it is now
     */
    private static ServiceAssembly assemble(ConfigLoader config, Recipe recipe, Map<Class<?>, Object> kept,
                                            ErrorResponder given) {
        // every config file first, so that one start reports every problem (values.yml included: a broken one is an error now)
        ConfigProblems problems = ConfigCheck.files(config, recipe.classLoader());
        ServerConfig serverConfig;
        try {
            serverConfig = recipe.server() != null ? recipe.server() : config.load("server", ServerConfig.class);
        } catch (ConfigException e) {
            problems.add(e); // go on with the defaults, so that handler.yml's problems are reported in the same pass
            serverConfig = ServerConfig.defaults();
        }
        ErrorResponder errors;
        try {
            errors = given != null ? given : new ErrorResponder(StatusCatalogue.load(config));
        } catch (ConfigException e) {
            problems.add(e); // a broken status.yml or app-status.yml: go on with Lumen's table, as for server.yml
            errors = new ErrorResponder(StatusCatalogue.defaults());
        }
        DefaultServiceContext context = new DefaultServiceContext(config, serverConfig, errors.catalogue(), errors,
                recipe.readiness(), recipe.blockingExecutor());
        recipe.shared().forEach(context::preset);
        kept.forEach(context::preset);
        ClassLoader cl = recipe.classLoader();
        try {
            try {
                for (Map.Entry<Class<?>, Function<ConfigLoader, ?>> each : recipe.sharedEach().entrySet()) {
                    Object value = each.getValue().apply(config); // this generation's files (a reload re-reads them)
                    if (value != null) {
                        context.preset(each.getKey(), value);
                    }
                }
                if (recipe.startupHooks()) {
                    LumenServer.runStartupHooks(context);
                }
            } catch (ConfigException e) {
                problems.add(e);
                problems.throwIfAny();
            }
            // light-4j ships a handler.yml whose keys are ${handler.*}: values.yml alone can declare the routes
            Optional<ConfigFile> handlerFile = config.find("handler")
                    .or(() -> config.value("handler.handlers").or(() -> config.value("handler.paths"))
                            .map(v -> config.moduleDefaults("handler")))
                    .map(f -> f.prepared(HandlerConfig.class));
            if (handlerFile.isEmpty() && !recipe.handlerYmlOptional()) {
                Light4jServiceYml.routesInCode(config).forEach(problems::add); // light-4j 1.x: routes in code
                problems.add(new ConfigException("handler.yml", 0, null, "not found in the config dirs "
                        + config.configDirs() + " or classpath config/: it declares the routes"));
                problems.throwIfAny();
            }
            ErrorGuard guard = new ErrorGuard(errors);
            RouterHandler built;
            try {
                built = handlerFile.isPresent()
                        ? HandlerChains.build(handlerFile.get(), handlerFile.get().bind(HandlerConfig.class), context,
                                guard, cl, recipe.handlers())
                        : new RouterHandler(Router.builder().build(), null, errors);
            } catch (ConfigException e) {
                problems.add(e);
                built = null;
            }
            problems.throwIfAny();
            RouterHandler router = recipe.routes().apply(built, config);
            guard.next(router);
            // light-4j would have read these through a module's default file; here nothing did
            config.unreadValues().forEach(v -> LOG.warn("{}: nothing reads this key (no placeholder names it and no"
                    + " module has it as <module>.<key>): a typo, or a key of a light-4j module Lumen does not have", v));
            return new ServiceAssembly(context, router, guard, handlerFile, recipe);
        } catch (RuntimeException | LinkageError e) {
            context.closeShared(); // e.g. a proxy's health checker started before a later handler failed
            throw e;
        }
    }

    /** Configures one assembly; every setting has the standalone service's default. */
    public static final class Builder {
        private final ConfigLoader config;
        private ServerConfig server;
        private ErrorResponder errors;
        private Readiness readiness;
        private Executor blockingExecutor;
        private HandlerFactory handlers = HandlerFactory.NONE;
        private BiFunction<RouterHandler, ConfigLoader, RouterHandler> routes = (r, c) -> r;
        private ClassLoader classLoader;
        private boolean handlerYmlOptional;
        private boolean startupHooks = true;
        private final Map<Class<?>, Object> shared = new LinkedHashMap<>();
        private final Map<Class<?>, Function<ConfigLoader, ?>> sharedEach = new LinkedHashMap<>();
        private final Set<Class<?>> keep = new LinkedHashSet<>(List.of(MeterRegistry.class));

        private Builder(ConfigLoader config) {
            this.config = config;
        }

        /** server.yml as bound (and perhaps adjusted) by the caller; default: loaded from the config. */
        public Builder server(ServerConfig server) {
            this.server = server;
            return this;
        }

        /**
         * The error writer (and its status catalogue) the caller's server also answers with, so its
         * root handlers' refusals and the chain's errors share one catalogue; default: one over the
         * catalogue loaded from the config ({@code status.yml} + {@code app-status.yml}). A reload's
         * generation loads its own from the files as they are then; the caller's root handlers keep
         * this one (they answer framework codes only, which app-status.yml cannot redefine).
         */
        public Builder errors(ErrorResponder errors) {
            this.errors = errors;
            return this;
        }

        /** The readiness the caller's server moves through its states; default: a new one. */
        public Builder readiness(Readiness readiness) {
            this.readiness = readiness;
            return this;
        }

        /** Where blocking handlers run; {@code null} (the default) means the server's worker pool. */
        public Builder blockingExecutor(Executor executor) {
            this.blockingExecutor = executor;
            return this;
        }

        /** Asked first for every handler name of handler.yml (see {@link HandlerFactory}). */
        public Builder handlers(HandlerFactory factory) {
            this.handlers = factory == null ? HandlerFactory.NONE : factory;
            return this;
        }

        /** Adapts the built router (marks routes, sets a fallback) before the error guard is put in front. */
        public Builder routes(UnaryOperator<RouterHandler> adjust) {
            this.routes = (r, c) -> adjust.apply(r);
            return this;
        }

        /** As {@link #routes(UnaryOperator)}, with the config the routes were read through (a reload's own). */
        public Builder routes(BiFunction<RouterHandler, ConfigLoader, RouterHandler> adjust) {
            this.routes = adjust;
            return this;
        }

        /** Loads handler classes, built-ins and hooks; default: the thread's context class loader. */
        public Builder classLoader(ClassLoader cl) {
            this.classLoader = cl;
            return this;
        }

        /**
         * Without startup hooks (default: with): for a check of the configuration that must not connect
         * anywhere (the datasource module's hook opens its pools).
         */
        public Builder startupHooks(boolean run) {
            this.startupHooks = run;
            return this;
        }

        /** Without handler.yml the router has no routes (instead of failing startup). */
        public Builder handlerYmlOptional(boolean optional) {
            this.handlerYmlOptional = optional;
            return this;
        }

        /**
         * Puts {@code value} into the context's shared objects before any hook or handler asks for
         * {@code type}; the caller owns it (it is never closed here) and every reloaded generation gets it too.
         */
        public <T> Builder share(Class<T> type, T value) {
            shared.put(type, type.cast(value));
            return this;
        }

        /**
         * As {@link #share}, but made for each generation from that generation's config (a reload makes
         * it again from the files as they are then, e.g. a spec found where Lumen's loader does not look);
         * {@code make} returns null for "nothing to share". Its {@link ConfigException} is a config
         * problem of that generation: startup fails, a reload is refused and the old generation serves on.
         */
        public <T> Builder shareEach(Class<T> type, Function<ConfigLoader, T> make) {
            sharedEach.put(type, make);
            return this;
        }

        /**
         * Shared objects of these types outlive a configuration reload: the next generation gets the
         * same instance instead of creating one, and it is closed only with the last generation.
         * {@link MeterRegistry} is always kept (counters continue, JVM meters are bound once).
         */
        public Builder keepOnReload(Class<?>... types) {
            keep.addAll(List.of(types));
            return this;
        }

        /** Runs the startup hooks and builds the routes. */
        public ServiceAssembly build() {
            ClassLoader cl = classLoader != null ? classLoader
                    : Optional.ofNullable(Thread.currentThread().getContextClassLoader())
                            .orElse(ServiceAssembly.class.getClassLoader());
            Recipe recipe = new Recipe(server, readiness != null ? readiness : new Readiness(), blockingExecutor,
                    handlers, routes, cl, handlerYmlOptional, startupHooks, Collections.unmodifiableMap(new LinkedHashMap<>(shared)),
                    Collections.unmodifiableMap(new LinkedHashMap<>(sharedEach)), Set.copyOf(keep));
            return assemble(config, recipe, Map.of(), errors);
        }
    }
}
