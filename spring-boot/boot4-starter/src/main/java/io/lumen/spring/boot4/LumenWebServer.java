package io.lumen.spring.boot4;

import io.lumen.server.LumenServer;
import io.undertow.Handlers;
import io.undertow.server.HttpHandler;
import io.undertow.servlet.api.DeploymentManager;
import jakarta.servlet.ServletException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.server.GracefulShutdownCallback;
import org.springframework.boot.web.server.GracefulShutdownResult;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.WebServerException;

import java.net.BindException;

/**
 * Spring's {@code WebServer} over core's {@link LumenServer}: {@link #start} starts the servlet
 * deployment and opens Lumen's listeners with it as the root (behind the context path, and behind
 * core's root guards: protocol framing, body limits, HTTP/2 stream limit, the drain);
 * {@link #shutDownGracefully} is Lumen's drain (new requests 503, in-flight ones finish within
 * {@code shutdownGracefulPeriod}); {@link #stop} closes the listeners and undeploys. Lumen's shutdown
 * hooks are run by Lumen's part of the context, not here.
 */
final class LumenWebServer implements WebServer {
    private static final Logger LOG = LoggerFactory.getLogger(LumenWebServer.class);

    private final LumenServer server;
    private final DeploymentManager deployment;
    private final String contextPath;
    private final int configuredPort;
    private boolean started;
    private boolean stopped;

    LumenWebServer(LumenServer server, DeploymentManager deployment, String contextPath, int configuredPort) {
        this.server = server;
        this.deployment = deployment;
        this.contextPath = contextPath;
        this.configuredPort = configuredPort;
    }

    @Override
    public synchronized void start() throws WebServerException {
        if (started) {
            return;
        }
        HttpHandler root;
        try {
            root = deployment.start();
        } catch (ServletException e) {
            throw new WebServerException("Spring's servlet deployment did not start: " + e.getMessage(), e);
        }
        if (!contextPath.equals("/")) {
            root = Handlers.path().addPrefixPath(contextPath, root);
        }
        try {
            server.start(root);
        } catch (RuntimeException e) {
            if (e.getCause() instanceof BindException) {
                throw new PortInUseException(configuredPort, e);
            }
            throw new WebServerException("Lumen's server did not start: " + e.getMessage(), e);
        }
        started = true;
    }

    @Override
    public void shutDownGracefully(GracefulShutdownCallback callback) {
        Thread drain = new Thread(() -> {
            server.stopServing();
            callback.shutdownComplete(GracefulShutdownResult.IDLE);
        }, "lumen-drain");
        drain.start();
    }

    @Override
    public synchronized void stop() throws WebServerException {
        if (stopped) {
            return;
        }
        stopped = true;
        server.stopServing();
        try {
            deployment.stop();
            deployment.undeploy();
        } catch (ServletException | RuntimeException e) {
            LOG.warn("undeploying Spring's servlet context failed: {}", e.toString());
        }
    }

    @Override
    public int getPort() {
        int https = server.httpsPort();
        return https > 0 && server.httpPort() < 0 ? https : server.httpPort();
    }
}
