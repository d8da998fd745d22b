package io.lumen.service;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;
import io.lumen.handler.chain.HandlerChains;
import io.lumen.handler.chain.HandlerFactory;
import io.lumen.handler.config.HandlerConfig;
import io.lumen.handler.router.Router;
import io.lumen.handler.router.RouterHandler;
import io.lumen.server.LumenServer;
import io.lumen.server.Readiness;
import io.lumen.server.ServerConfig;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusCatalogue;
import io.undertow.server.HttpHandler;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;

/**
 * A Lumen service assembled but not served: server.yml, the status catalogue and error writer,
 * readiness, the {@link ServiceContext}, the startup hooks and handler.yml's router behind the
 * last-resort error guard. {@link LumenService} puts it behind its own Undertow server; an
 * application with a server of its own (the Spring Boot starter) puts {@link #root()} in front of
 * its handler. Built once at startup on one thread; the result is thread-safe.
 *
 * <p>Errors: config problems throw {@link ConfigException} ({@code file:line: key: problem}); when
 * building fails after handlers shared closeable objects, those are closed first.
 */
public final class ServiceAssembly implements AutoCloseable {
    private final DefaultServiceContext context;
    private final RouterHandler router;
    private final HttpHandler root;
    private final Optional<ConfigFile> handlerFile;

    private ServiceAssembly(DefaultServiceContext context, RouterHandler router, HttpHandler root,
                            Optional<ConfigFile> handlerFile) {
        this.context = context;
        this.router = router;
        this.root = root;
        this.handlerFile = handlerFile;
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

    /** Closes the objects handlers shared through the context (pools, clients); idempotent. */
    @Override
    public void close() {
        context.closeShared();
    }

    /** Configures one assembly; every setting has the standalone service's default. */
    public static final class Builder {
        private final ConfigLoader config;
        private ServerConfig server;
        private ErrorResponder errors;
        private Readiness readiness;
        private Executor blockingExecutor;
        private HandlerFactory handlers = HandlerFactory.NONE;
        private UnaryOperator<RouterHandler> routes = UnaryOperator.identity();
        private ClassLoader classLoader;
        private boolean handlerYmlOptional;
        private final Map<Class<?>, Object> shared = new LinkedHashMap<>();

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
         * catalogue loaded from the config ({@code status.yml} + {@code app-status.yml}).
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
            this.routes = adjust;
            return this;
        }

        /** Loads handler classes, built-ins and hooks; default: the thread's context class loader. */
        public Builder classLoader(ClassLoader cl) {
            this.classLoader = cl;
            return this;
        }

        /** Without handler.yml the router has no routes (instead of failing startup). */
        public Builder handlerYmlOptional(boolean optional) {
            this.handlerYmlOptional = optional;
            return this;
        }

        /** Puts {@code value} into the context's shared objects before any hook or handler asks for {@code type}. */
        public <T> Builder share(Class<T> type, T value) {
            shared.put(type, type.cast(value));
            return this;
        }

        /** Runs the startup hooks and builds the routes. */
        public ServiceAssembly build() {
            ServerConfig serverConfig = server != null ? server : config.load("server", ServerConfig.class);
            ErrorResponder errors = this.errors != null ? this.errors : new ErrorResponder(StatusCatalogue.load(config));
            DefaultServiceContext context = new DefaultServiceContext(config, serverConfig, errors.catalogue(), errors,
                    readiness != null ? readiness : new Readiness(), blockingExecutor);
            shared.forEach(context::preset);
            ClassLoader cl = classLoader != null ? classLoader
                    : Optional.ofNullable(Thread.currentThread().getContextClassLoader())
                            .orElse(ServiceAssembly.class.getClassLoader());
            try {
                LumenServer.runStartupHooks(context);
                Optional<ConfigFile> handlerFile = config.find("handler");
                if (handlerFile.isEmpty() && !handlerYmlOptional) {
                    throw new ConfigException("handler.yml", 0, null, "not found in the config dirs "
                            + config.configDirs() + " or classpath config/: it declares the routes");
                }
                ErrorGuard guard = new ErrorGuard(errors);
                RouterHandler built = handlerFile.isPresent()
                        ? HandlerChains.build(handlerFile.get(), handlerFile.get().bind(HandlerConfig.class), context,
                                guard, cl, handlers)
                        : new RouterHandler(Router.builder().build(), null, errors);
                RouterHandler router = routes.apply(built);
                guard.next(router);
                return new ServiceAssembly(context, router, guard, handlerFile);
            } catch (RuntimeException e) {
                context.closeShared(); // e.g. a proxy's health checker started before a later handler failed
                throw e;
            }
        }
    }
}
