package io.lumen.handler.info;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.config.ConfigFile;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * handler.yml {@code modules} (light-4j's {@code ModuleRegistryGetHandler}, {@code GET /adm/modules}):
 * answers JSON naming every config file the service has loaded and where it was found,
 * {@code {"server":"/config/server.yml", ...}}. The contents, masked, are {@code /adm/server/info}'s;
 * this answer holds no values, so it cannot leak one. With info.yml {@code enabled: false} it
 * answers 404 {@code ERR10048}, like the info endpoint.
 */
public final class ModulesHandler implements HttpHandler {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ServiceContext context;
    private final boolean enabled;

    public ModulesHandler(ServiceContext context) {
        this.context = context;
        this.enabled = context.config().load("info", InfoConfig.class).enabled();
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws JsonProcessingException {
        if (!enabled) {
            context.errors().send(exchange, ErrorCodes.PATH_NOT_IMPLEMENTED, exchange.getRequestPath(),
                    exchange.getRequestMethod());
            return;
        }
        Map<String, String> files = new LinkedHashMap<>();
        for (ConfigFile f : context.config().loaded()) {
            files.put(f.name(), f.displayName());
        }
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseSender().send(ByteBuffer.wrap(JSON.writeValueAsBytes(files)));
    }

    @Override
    public String toString() {
        return "modules";
    }
}
