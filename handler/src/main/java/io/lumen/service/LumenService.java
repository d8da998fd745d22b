package io.lumen.service;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;
import io.lumen.handler.chain.HandlerChains;
import io.lumen.handler.config.HandlerConfig;
import io.lumen.handler.router.RouterHandler;
import io.lumen.server.LumenServer;
import io.lumen.server.Readiness;
import io.lumen.server.ServerConfig;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusCatalogue;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * One Lumen service: {@code server.yml}, the status catalogue, {@code handler.yml} and the server,
 * assembled in that order. Startup: config, status codes, startup hooks, handlers and routes, then
 * the listeners open and readiness turns true. {@link #stop()} drains gracefully.
 *
 * <pre>{@code
 * LumenService service = LumenService.start(ConfigLoader.fromSystem());
 * ...
 * service.stop();
 * }</pre>
 */
public final class LumenService implements AutoCloseable {
    private final DefaultServiceContext context;
    private final LumenServer server;
    private final RouterHandler router;

    private LumenService(DefaultServiceContext context, LumenServer server, RouterHandler router) {
        this.context = context;
        this.server = server;
        this.router = router;
    }

    /**
     * Builds and starts a service from {@code config}. Config problems throw {@link ConfigException};
     * a port that cannot be bound throws an {@link IllegalStateException} saying which.
     */
    public static LumenService start(ConfigLoader config) {
        return start(config, UnaryOperator.identity());
    }

    /**
     * As {@link #start(ConfigLoader)}, with {@code adjust} applied to the bound server.yml first:
     * how the test kit puts every listener on a free port whatever the files say.
     */
    public static LumenService start(ConfigLoader config, UnaryOperator<ServerConfig> adjust) {
        ServerConfig serverConfig = adjust.apply(config.load("server", ServerConfig.class));
        StatusCatalogue statuses = StatusCatalogue.load(config);
        ErrorResponder errors = new ErrorResponder(statuses);
        Readiness readiness = new Readiness();
        LumenServer server = new LumenServer(serverConfig, config, readiness, errors);
        DefaultServiceContext context = new DefaultServiceContext(config, serverConfig, statuses, errors, readiness,
                server.blockingExecutor());
        LumenServer.runStartupHooks(context);

        ConfigFile handlerFile = config.find("handler").orElseThrow(() -> new ConfigException("handler.yml", 0, null,
                "not found in the config dirs " + config.configDirs() + " or classpath config/: it declares the routes"));
        HandlerConfig handlerConfig = handlerFile.bind(HandlerConfig.class);
        ErrorGuard guard = new ErrorGuard(errors);
        ClassLoader cl = Optional.ofNullable(Thread.currentThread().getContextClassLoader())
                .orElse(LumenService.class.getClassLoader());
        RouterHandler router;
        try {
            router = HandlerChains.build(handlerFile, handlerConfig, context, guard, cl);
        } catch (RuntimeException e) {
            context.closeShared(); // e.g. a proxy's health checker started before a later handler failed
            throw e;
        }
        guard.next(router);
        try {
            server.start(guard);
        } catch (RuntimeException e) {
            server.stop(context);
            context.closeShared();
            throw new IllegalStateException("cannot open the listeners (" + listeners(serverConfig) + "): "
                    + rootMessage(e), e);
        }
        return new LumenService(context, server, router);
    }

    private static String listeners(ServerConfig c) {
        StringBuilder b = new StringBuilder();
        if (c.enableHttp()) {
            b.append("http ").append(c.ip()).append(':').append(c.httpPort());
        }
        if (c.enableHttps()) {
            b.append(b.length() > 0 ? ", " : "").append("https ").append(c.ip()).append(':').append(c.httpsPort());
        }
        return b.toString();
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.toString() : root.getMessage();
    }

    public ServiceContext context() {
        return context;
    }

    public RouterHandler router() {
        return router;
    }

    /** The bound HTTP port, or -1. */
    public int httpPort() {
        return server.httpPort();
    }

    /** The bound HTTPS port, or -1. */
    public int httpsPort() {
        return server.httpsPort();
    }

    /** {@code http://127.0.0.1:<port>}, or empty when HTTP is off. */
    public Optional<URI> httpUri() {
        return uri("http");
    }

    /** {@code https://127.0.0.1:<port>}, or empty when HTTPS is off. */
    public Optional<URI> httpsUri() {
        return uri("https");
    }

    private Optional<URI> uri(String scheme) {
        List<URI> uris = server.listenerUris();
        return uris.stream().filter(u -> u.getScheme().equals(scheme)).findFirst();
    }

    public Readiness.State state() {
        return context.readiness().state();
    }

    /** Graceful stop; idempotent. */
    public void stop() {
        server.stop(context);
        context.closeShared();
    }

    @Override
    public void close() {
        stop();
    }
}
