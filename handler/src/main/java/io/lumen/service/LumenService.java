package io.lumen.service;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
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
 * One Lumen service: a {@link ServiceAssembly} ({@code server.yml}, the status catalogue,
 * {@code handler.yml}) behind its own Undertow server. Startup: config, status codes, startup hooks, handlers and routes, then
 * the listeners open and readiness turns true. {@link #stop()} drains gracefully.
 *
 * <pre>{@code
 * LumenService service = LumenService.start(ConfigLoader.fromSystem());
 * ...
 * service.stop();
 * }</pre>
 */
public final class LumenService implements AutoCloseable {
    private final ServiceAssembly assembly;
    private final LumenServer server;

    private LumenService(ServiceAssembly assembly, LumenServer server) {
        this.assembly = assembly;
        this.server = server;
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
        Readiness readiness = new Readiness();
        // one error writer for the root handlers' refusals (413, 408, the drain's 503) and the chain's errors
        ErrorResponder errors = new ErrorResponder(StatusCatalogue.load(config));
        LumenServer server = new LumenServer(serverConfig, config, readiness, errors);
        ServiceAssembly assembly = ServiceAssembly.builder(config)
                .server(serverConfig)
                .errors(errors)
                .readiness(readiness)
                .blockingExecutor(server.blockingExecutor())
                .build();
        try {
            server.start(assembly.root());
        } catch (RuntimeException e) {
            server.stop(assembly.context());
            assembly.close();
            throw new IllegalStateException("cannot open the listeners (" + listeners(serverConfig) + "): "
                    + rootMessage(e), e);
        }
        return new LumenService(assembly, server);
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
        return assembly.context();
    }

    public RouterHandler router() {
        return assembly.router();
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
        return assembly.context().readiness().state();
    }

    /** Graceful stop; idempotent. */
    public void stop() {
        server.stop(assembly.context());
        assembly.close();
    }

    @Override
    public void close() {
        stop();
    }
}
