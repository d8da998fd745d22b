package io.lumen.spring.boot4;

import io.lumen.config.ConfigLoader;
import io.lumen.server.LumenServer;
import io.lumen.server.Readiness;
import io.lumen.spring.embed.ConfigDirs;
import io.undertow.Version;
import io.undertow.server.HandlerWrapper;
import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.server.AbstractConfigurableWebServerFactory;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.servlet.ConfigurableServletWebServerFactory;
import org.springframework.boot.web.server.servlet.ServletWebServerSettings;
import org.springframework.boot.web.servlet.ServletContextInitializer;
import org.springframework.core.env.Environment;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The {@code ServletWebServerFactory} of a Boot 4 application with the starter: Spring's servlet
 * context deployed on undertow-ee, served by core's {@link LumenServer} on Undertow 2.4, with Lumen's
 * router in front. Spring's {@code ServletWebServerFactoryCustomizer} fills it from {@code server.*}
 * as it fills Tomcat's; {@link ServerSettings} maps those onto Lumen's server config, where Lumen's
 * server.yml (found through {@code lumen.config-dir}, then the usual places) wins for the keys it sets.
 * Not supported here (Spring MVC serves static resources itself): a document root, JSP, session
 * persistence, {@code server.compression} (use Lumen's {@code encode} middleware).
 */
public class LumenServletWebServerFactory extends AbstractConfigurableWebServerFactory
        implements ConfigurableServletWebServerFactory {
    private static final Logger LOG = LoggerFactory.getLogger(LumenServletWebServerFactory.class);

    private final ServletWebServerSettings settings = new ServletWebServerSettings();
    private final Environment environment;
    private final Supplier<HandlerWrapper> lumen;
    private final List<LumenDeploymentInfoCustomizer> customizers = new ArrayList<>();

    /**
     * @param lumen Lumen's router in front of Spring's servlet handler, or a supplier of {@code null}
     *              with {@code lumen.enabled=false} (the server is still Lumen's; nothing routes in front)
     */
    public LumenServletWebServerFactory(Environment environment, Supplier<HandlerWrapper> lumen) {
        this.environment = environment;
        this.lumen = lumen;
    }

    @Override
    public ServletWebServerSettings getSettings() {
        return settings;
    }

    public List<LumenDeploymentInfoCustomizer> getDeploymentInfoCustomizers() {
        return customizers;
    }

    public void addDeploymentInfoCustomizers(LumenDeploymentInfoCustomizer... more) {
        customizers.addAll(List.of(more));
    }

    @Override
    public WebServer getWebServer(ServletContextInitializer... initializers) {
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        ConfigLoader loader = ConfigDirs.resolve(environment.getProperty("lumen.config-dir")).loader(cl, environment);
        ServerSettings server = ServerSettings.resolve(new ServerSettings.Spring(getPort(),
                getAddress() == null ? null : getAddress().getHostAddress(), getSsl(), getHttp2(), getShutdown(),
                getServerHeader(), environment), loader);
        LOG.info("Lumen's server for Spring Boot 4 (Undertow {}, undertow-ee servlet {}): {}",
                Version.getVersionString(), servletVersion(), server.describe());
        DeploymentManager deployment = ServletDeployment.deploy(settings, initializers, getErrorPages(), cl,
                customizers, lumen.get());
        LumenServer lumenServer = new LumenServer(server.config(), loader, new Readiness());
        if (server.springSsl()) {
            lumenServer.useSslContext(getSslBundle().createSslContext());
        }
        return new LumenWebServer(lumenServer, deployment, ServletDeployment.contextPath(settings), getPort());
    }

    private static String servletVersion() {
        Package p = Servlets.class.getPackage();
        return p == null || p.getImplementationVersion() == null ? "?" : p.getImplementationVersion();
    }
}
