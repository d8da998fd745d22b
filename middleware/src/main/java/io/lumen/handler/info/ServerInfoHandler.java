package io.lumen.handler.info;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * handler.yml {@code info}: {@code GET /adm/server/info} answers JSON describing the running
 * service: {@code lumenVersion} (the jar's Implementation-Version, or {@code dev}),
 * {@code javaVersion}, {@code javaVendor}, {@code uptimeMs} (since this handler was created at
 * startup), {@code serviceId}, {@code environment}, {@code state}, and {@code config}: every config
 * file the service has loaded so far, by name, as its injected tree with secret-looking keys
 * masked as {@code "****"} (see {@link InfoConfig}). Put it behind security in production.
 *
 * <p>Builds the answer per request (an admin endpoint) on the IO thread; with info.yml
 * {@code enabled: false} it answers 404 {@code ERR10048}.
 */
public final class ServerInfoHandler implements HttpHandler {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ServiceContext context;
    private final InfoConfig config;
    private final SecretMasker masker;
    private final long startNanos = System.nanoTime();
    private final String version;

    public ServerInfoHandler(ServiceContext context) {
        this.context = context;
        this.config = context.config().load("info", InfoConfig.class);
        this.masker = new SecretMasker(config.maskKeys());
        String v = ServerInfoHandler.class.getPackage().getImplementationVersion();
        this.version = v == null ? "dev" : v;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws JsonProcessingException {
        if (!config.enabled()) {
            context.errors().send(exchange, ErrorCodes.PATH_NOT_IMPLEMENTED, exchange.getRequestPath(),
                    exchange.getRequestMethod());
            return;
        }
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseSender().send(ByteBuffer.wrap(JSON.writeValueAsBytes(info())));
    }

    Map<String, Object> info() {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("lumenVersion", version);
        info.put("javaVersion", System.getProperty("java.version"));
        info.put("javaVendor", System.getProperty("java.vendor"));
        info.put("uptimeMs", (System.nanoTime() - startNanos) / 1_000_000);
        info.put("serviceId", context.server().serviceId());
        info.put("environment", context.server().environment());
        info.put("state", context.readiness().state().name());
        Map<String, Object> files = new LinkedHashMap<>();
        ConfigLoader loader = context.config();
        for (ConfigFile f : loader.loaded()) {
            files.put(f.name(), masker.mask(f.tree()));
        }
        info.put("config", files);
        return info;
    }

    @Override
    public String toString() {
        return "info";
    }
}
