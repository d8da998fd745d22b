package io.lumen.spring.embed;

import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;
import io.lumen.handler.config.HandlerConfig;
import io.lumen.handler.router.Route;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.server.BlockingExecutors;
import io.lumen.server.InFlightRequests;
import io.lumen.server.LumenServer;
import io.lumen.server.ProtocolGuard;
import io.lumen.server.Readiness;
import io.lumen.server.RequestBodies;
import io.lumen.server.ServerConfig;
import io.lumen.server.ServiceContext;
import io.lumen.service.assembly.ServiceAssembly;
import io.lumen.service.reload.ConfigReloads;
import io.lumen.service.reload.ReloadReport;
import io.lumen.service.reload.Reloader;
import io.lumen.status.ErrorFormat;
import io.lumen.status.ErrorResponder;
import io.lumen.status.RefusalHold;
import io.lumen.validator.errors.ProblemDetails;
import io.micrometer.core.instrument.MeterRegistry;
import io.undertow.server.HttpHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.Environment;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

/**
 * Lumen inside one Spring application context: assembles the service (config, status codes,
 * startup hooks, handler.yml's routes with handlers as beans) once every singleton exists, and
 * follows the context's lifecycle. Readiness turns {@code READY} after the web server started and
 * {@code DRAINING} just before Spring's graceful shutdown drains requests (Lumen-answered ones
 * included: they pass the same Undertow server); at close the shutdown hooks run and shared
 * objects close. Nothing is static: two contexts in one JVM each have their own. A configuration
 * reload ({@code POST /adm/reload} with the {@code reload} handler, {@link #reload()}, or reload.yml
 * {@code watch}) rebuilds Lumen's part (config, hooks, handlers, routes) as a standalone service does;
 * handler beans stay the same beans.
 *
 * <p>Config errors fail the context's refresh with a {@link io.lumen.config.ConfigException}
 * ({@code file:line: key: problem}).
 */
public final class LumenEmbedding implements SmartInitializingSingleton, SmartLifecycle, DisposableBean {
    private static final Logger LOG = LoggerFactory.getLogger(LumenEmbedding.class);

    private final Settings settings;
    private final Environment environment;
    private final ConfigurableListableBeanFactory beans;
    private final SpringHandoff handoff;
    private final ObjectProvider<MeterRegistry> meters;
    private final Readiness readiness = new Readiness();
    private final Reloader reloader = new Reloader(loader -> loader.load("server", ServerConfig.class));
    private volatile HttpHandler root;
    private volatile boolean running;
    private ExecutorService blockingExecutor; // set and shut down on the context's own thread
    private volatile List<Path> configDirs = List.of();

    /**
     * What the application's {@code lumen.*} properties say.
     *
     * @param configDir         {@code lumen.config-dir}: directories separated like a class path, or null
     * @param unmatchedToSpring requests no route matches go to Spring (else Lumen's 404/405)
     * @param rootGuards        put core's root guards ({@link ProtocolGuard}, {@link RequestBodies}) in front
     *                          of the router: when the server is Spring's (Boot 3.5); Lumen's own server
     *                          (Boot 4) has them in front of everything already
     * @param springSecurityFirst with Spring Security in the context, hold content refusals until it
     *                          passed the request ({@link SpringSecurityFirst})
     * @param problemDetails    asked once all singletons exist: why Lumen's refusals answer as RFC 9457
     *                          problem details, or null for Lumen's error JSON
     */
    public record Settings(String configDir, boolean unmatchedToSpring, boolean rootGuards,
                           boolean springSecurityFirst, Supplier<String> problemDetails) {
    }

    /** The bean Spring Security's filter chain is registered under (both Boot lines). */
    private static final String SPRING_SECURITY_FILTER = "springSecurityFilterChain";

    /**
     * @param meters the application's meter registry, asked for once the context's singletons exist;
     *               without one (or with several and none primary) Lumen keeps its own Prometheus registry
     */
    public LumenEmbedding(Settings settings, Environment environment, ConfigurableListableBeanFactory beans,
                          SpringHandoff handoff, ObjectProvider<MeterRegistry> meters) {
        this.settings = settings;
        this.environment = environment;
        this.beans = beans;
        this.handoff = handoff;
        this.meters = meters;
    }

    @Override
    public void afterSingletonsInstantiated() {
        ClassLoader cl = Optional.ofNullable(beans.getBeanClassLoader()).orElse(getClass().getClassLoader());
        ConfigDirs dirs = ConfigDirs.resolve(settings.configDir());
        ConfigLoader config = dirs.loader(cl, environment);
        configDirs = config.configDirs();
        ServerConfig server = config.load("server", ServerConfig.class);
        SpringHandlerFactory factory = new SpringHandlerFactory(beans);
        blockingExecutor = BlockingExecutors.choose(server.blockingExecutor());
        RefusalHold hold = settings.springSecurityFirst() && beans.containsBean(SPRING_SECURITY_FILTER)
                ? new SpringSecurityFirst(handoff) : null;
        String problemsWhy = settings.problemDetails() == null ? null : settings.problemDetails().get();
        ErrorFormat problems = problemsWhy == null ? null : ProblemDetails.format();
        ServiceAssembly.Builder b = ServiceAssembly.builder(config)
                .server(server)
                .readiness(readiness)
                .blockingExecutor(blockingExecutor)
                .classLoader(cl)
                .handlers(factory)
                // without any configured dir a missing handler.yml means "no routes yet"; with one it is a mistake
                .handlerYmlOptional(!dirs.explicit() && configDirs.isEmpty())
                .share(ConfigReloads.class, reloader)
                // a spec at the classpath root, read again by each generation (a reload re-reads it)
                .shareEach(OpenApiSpec.class, loader -> ClasspathSpec.find(loader, cl, environment).map(found -> {
                    LOG.info("Lumen: OpenAPI spec {} (none in Lumen's config dirs or classpath config/)", found.location());
                    return found.spec();
                }).orElse(null))
                // the handler.yml of the generation being built (a reload reads its own)
                .routes((r, loader) -> {
                    if (problems != null) {
                        r.errors().fallbackFormat(problems); // this generation's error writer
                    }
                    return MarkedRoutes.mark(r, loader.find("handler").map(f -> f.bind(HandlerConfig.class)).orElse(null),
                            factory, settings.unmatchedToSpring() ? handoff : null, hold);
                });
        MeterRegistry registry = meters.getIfUnique();
        if (registry != null) {
            b.share(MeterRegistry.class, registry);
        }
        ServiceAssembly assembly;
        try {
            assembly = b.build();
        } catch (RuntimeException e) {
            shutdownExecutor();
            throw e;
        }
        try {
            OpenApiSpec spec = SpecReach.check(assembly.router().router(), assembly.context(),
                    environment.getProperty("server.servlet.context-path", ""));
            if (spec != null) {
                LOG.info("Lumen: OpenAPI spec {}, operations under '{}' (below the context path)", spec.sourceName(),
                        spec.basePath());
            }
        } catch (RuntimeException e) {
            assembly.close();
            shutdownExecutor();
            throw e;
        }
        // counts requests per configuration generation, so a reload closes the old one only once idle
        InFlightRequests roots = new InFlightRequests(assembly.root(), assembly.context().errors());
        try {
            reloader.serve(assembly, roots::replace);
        } catch (RuntimeException e) {
            assembly.close();
            shutdownExecutor();
            throw e;
        }
        handoff.errors(assembly.context().errors());
        root = settings.rootGuards() ? guarded(roots, server, assembly.context().errors()) : roots;
        LOG.info("Lumen: {} routes from {}; unmatched requests go to {}; blocking handlers run on {}",
                assembly.router().router().routes().size(),
                assembly.handlerFile().map(ConfigFile::displayName).orElse("no handler.yml"),
                assembly.router().fallback() == null ? "Lumen (404/405)"
                        : assembly.router().fallback() == handoff ? "Spring" : "defaultHandlers",
                blockingExecutor == null ? "Spring's Undertow worker pool" : "virtual threads");
        if (hold != null) {
            LOG.info("Lumen: Spring Security present: Lumen's refusals about a request's content (400, 404, 405, 406, 415, 422)"
                    + " on routes that end in spring are answered after Spring Security passed the request"
                    + " (lumen.spring-security-first=false answers them before it)");
        }
        if (problemsWhy != null) {
            LOG.info("Lumen: refusals answer as RFC 9457 problem details (application/problem+json) where the spec declares"
                    + " no error format: {} (lumen.problem-details=never keeps Lumen's error JSON)", problemsWhy);
        }
    }

    /**
     * The root guards of a standalone service that belong in front of Lumen's router inside Spring's
     * Undertow (which serves the listeners): {@link ProtocolGuard} (framing Undertow's parser lets
     * through) and {@link RequestBodies} (body size counted without tearing the connection down, 413
     * and 408 as error JSON, a bounded discard of an unread rest, server.yml {@code requestBodyIdleTimeout}).
     * RequestBodies gets no limit of its own: it counts the one in force when the body is first read
     * (the {@code body} middleware's {@code maxBodySize} on its routes, else Spring's
     * {@code server.undertow.max-http-post-size}), so a body Spring accepts is never refused here.
     * The 100 Continue is Undertow's servlet deployment's ({@code HttpContinueReadHandler}, around
     * this handler; one 100 goes out whoever sends it first). Listener options (header timeout,
     * HTTP/2 streams) are Spring's server's: {@code server.undertow.options.server.*}. The guards sit
     * in front of the generation switch, so every generation a reload puts in is guarded the same way.
     */
    private static HttpHandler guarded(HttpHandler generations, ServerConfig server, ErrorResponder errors) {
        HttpHandler h = new RequestBodies(generations, 0, server.requestBodyIdleTimeout());
        return new ProtocolGuard(h, errors);
    }

    /** Lumen's root handler, or {@code null} before the context finished refreshing. */
    HttpHandler root() {
        return root;
    }

    /** The assembled service (its current configuration generation), or {@code null} before the context finished refreshing. */
    public ServiceContext context() {
        ServiceAssembly a = reloader.current();
        return a == null ? null : a.context();
    }

    /** Reloads Lumen's configuration (as {@code POST /adm/reload} does); completes with what changed. */
    public CompletableFuture<ReloadReport> reload() {
        return reloader.reload("LumenEmbedding.reload()");
    }

    public Readiness.State state() {
        return readiness.state();
    }

    /** Every handler.yml route in declaration order; empty before the context finished refreshing. */
    public List<Route> routes() {
        ServiceAssembly a = reloader.current();
        return a == null ? List.of() : a.router().router().routes();
    }

    /** {@code spring}, {@code lumen} or {@code defaultHandlers}: who answers requests no route matches. */
    public String unmatched() {
        ServiceAssembly a = reloader.current();
        if (a == null || a.router().fallback() == handoff) {
            return "spring";
        }
        return a.router().fallback() == null ? "lumen" : "defaultHandlers";
    }

    /** Where handler.yml was found, if anywhere. */
    public Optional<String> handlerFile() {
        ServiceAssembly a = reloader.current();
        return a == null ? Optional.empty() : a.handlerFile().map(ConfigFile::displayName);
    }

    public List<Path> configDirs() {
        return configDirs;
    }

    @Override
    public void start() {
        running = true;
        if (reloader.current() != null) {
            readiness.set(Readiness.State.READY);
        }
    }

    @Override
    public void stop() {
        running = false;
        reloader.stopReloads();
        if (readiness.state() == Readiness.State.READY) {
            readiness.set(Readiness.State.DRAINING);
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /**
     * Just after the web server starts, and so stopped just before Spring's graceful shutdown (whose
     * phase is {@code SmartLifecycle.DEFAULT_PHASE - 1024} on Boot 3.5 and 4; the constant's class
     * moved between them).
     */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1024 + 1;
    }

    @Override
    public void destroy() {
        reloader.stopReloads();
        ServiceAssembly a = reloader.current();
        if (a != null) {
            LumenServer.runShutdownHooks(a.context());
        }
        reloader.closeGenerations();
        shutdownExecutor();
        readiness.set(Readiness.State.STOPPED);
    }

    private void shutdownExecutor() {
        if (blockingExecutor != null) {
            blockingExecutor.shutdown();
        }
    }
}
