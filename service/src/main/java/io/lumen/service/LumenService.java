package io.lumen.service;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import io.lumen.handler.router.RouterHandler;
import io.lumen.server.LumenServer;
import io.lumen.server.Readiness;
import io.lumen.server.ServerConfig;
import io.lumen.server.ServiceContext;
import io.lumen.service.assembly.ConfigCheck;
import io.lumen.service.assembly.ServiceAssembly;
import io.lumen.service.reload.ConfigReloads;
import io.lumen.service.reload.ReloadRefused;
import io.lumen.service.reload.ReloadReport;
import io.lumen.service.reload.Reloader;
import io.lumen.status.Causes;
import io.lumen.status.ErrorResponder;
import io.lumen.status.StatusCatalogue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.function.UnaryOperator;

/**
 * One Lumen service: a {@link ServiceAssembly} ({@code server.yml}, the status catalogue,
 * {@code handler.yml}) behind its own Undertow server. Startup: config, status codes, startup hooks, handlers and routes, then
 * the listeners open and readiness turns true. {@link #reload()} (or {@code POST /adm/reload}, or a
 * config file change with reload.yml {@code watch: true}) replaces everything but the server with a
 * new generation built from the config files as they are now. {@link #stop()} drains gracefully.
 *
 * <pre>{@code
 * LumenService service = LumenService.start(ConfigLoader.fromSystem());
 * ...
 * service.stop();
 * }</pre>
 */
public final class LumenService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LumenService.class);

    private final Reloader reloader;
    private final LumenServer server;

    private LumenService(Reloader reloader, LumenServer server) {
        this.reloader = reloader;
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
     * how the test kit puts every listener on a free port whatever the files say. A reload applies
     * it to the server.yml it reads too, before comparing that with the running one.
     */
    public static LumenService start(ConfigLoader config, UnaryOperator<ServerConfig> adjust) {
        ServerConfig serverConfig;
        try {
            serverConfig = adjust.apply(config.load("server", ServerConfig.class));
        } catch (ConfigException e) {
            List<ConfigException> all = ConfigCheck.check(config); // server.yml's problem and every other one, in one pass
            throw all.isEmpty() ? e : ConfigException.of(all);
        }
        if (config.find("server").isEmpty()) {
            withoutServerYml(config, serverConfig);
        }
        Readiness readiness = new Readiness();
        // one error writer for the root handlers' refusals (413, 408, the drain's 503) and the chain's errors
        ErrorResponder errors = new ErrorResponder(StatusCatalogue.load(config));
        LumenServer server = new LumenServer(serverConfig, config, readiness, errors);
        Reloader reloader = new Reloader(loader -> adjust.apply(loader.load("server", ServerConfig.class)));
        ServiceAssembly assembly = ServiceAssembly.builder(config)
                .server(serverConfig)
                .errors(errors)
                .readiness(readiness)
                .blockingExecutor(server.blockingExecutor())
                .share(ConfigReloads.class, reloader)
                .build();
        try {
            reloader.serve(assembly, server::replaceRoot); // reads reload.yml: a mistake there stops startup too
        } catch (RuntimeException e) {
            reloader.stopReloads();
            assembly.close();
            throw e;
        }
        try {
            server.start(assembly.root());
        } catch (RuntimeException e) {
            reloader.stopReloads();
            server.stop(assembly.context());
            assembly.close();
            throw new IllegalStateException("cannot open the listeners (" + listeners(serverConfig) + "): "
                    + Causes.rootMessage(e), e);
        }
        return new LumenService(reloader, server);
    }

    /**
     * A light-4j folder without server.yml ran on light-4j's shipped defaults (HTTPS-only, key store
     * password {@code password}), which the loader applies; say which listeners that gave, and refuse
     * HTTPS asked for without a key store here, before anything else starts.
     */
    private static void withoutServerYml(ConfigLoader config, ServerConfig c) {
        if (c.enableHttps() && config.locate(c.keystoreName()).isEmpty()) {
            throw config.moduleDefaults("server").prepared(ServerConfig.class).error("/enableHttps",
                    "HTTPS is on but the key store '" + c.keystoreName() + "' is not in the config dirs "
                            + config.configDirs() + " or classpath config/: light-4j served HTTPS with a test key store"
                            + " inside its jar, Lumen ships none; put your key store in the folder (server.keystoreName,"
                            + " server.keystorePass) or set server.enableHttps: false");
        }
        LOG.info("no server.yml: light-4j's defaults where values.yml does not set a key ({}; {})", listeners(c),
                c.enableHttps() ? "key store " + c.keystoreName() + " from the config dirs"
                        : "HTTP, as there is no key store " + c.keystoreName() + " here for light-4j's HTTPS-only default");
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

    /** The context of the generation serving now (a reload replaces it). */
    public ServiceContext context() {
        return reloader.current().context();
    }

    /** The router of the generation serving now. */
    public RouterHandler router() {
        return reloader.current().router();
    }

    /**
     * Reloads the configuration (as {@code POST /adm/reload} does) and waits for the outcome.
     *
     * @return what changed; the new generation serves
     * @throws ReloadRefused why the running generation keeps serving
     */
    public ReloadReport reload() {
        try {
            return reloader.reload("LumenService.reload()").join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    /** The number of the configuration generation serving now: 1 at startup, one more per reload. */
    public long generation() {
        return reloader.generation();
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
        return context().readiness().state();
    }

    /**
     * Graceful stop; idempotent. Reloads stop first; the drain waits for requests of every
     * generation; the shutdown hooks get the current generation's context; then every generation's
     * shared objects close.
     */
    public void stop() {
        reloader.stopReloads();
        server.stop(reloader.current().context());
        reloader.closeGenerations();
    }

    @Override
    public void close() {
        stop();
    }
}
