package io.lumen.bench.baseline;

import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The "raw Undertow" upper bound: one handler, no routing table, no middleware.
 * Answers {@code GET /v1/pets} with a pre-encoded body and 404 for anything else.
 */
public final class BaselineServer {

    static final String PETS_JSON =
            "[{\"id\":1,\"name\":\"catten\",\"tag\":\"cat\"},{\"id\":2,\"name\":\"doggy\",\"tag\":\"dog\"}]";

    // Encoded once into a direct buffer; each response sends a duplicate() so the
    // shared position/limit are never touched and no bytes are copied per request.
    private static final ByteBuffer PETS_BODY;
    static {
        byte[] bytes = PETS_JSON.getBytes(StandardCharsets.UTF_8);
        ByteBuffer buf = ByteBuffer.allocateDirect(bytes.length);
        buf.put(bytes).flip();
        PETS_BODY = buf.asReadOnlyBuffer();
    }

    private static final HttpString CONTENT_TYPE = Headers.CONTENT_TYPE;
    private static final String APPLICATION_JSON = "application/json";
    private static final String PETS_PATH = "/v1/pets";

    private BaselineServer() {
    }

    static final HttpHandler HANDLER = new HttpHandler() {
        @Override
        public void handleRequest(HttpServerExchange exchange) {
            if (Methods.GET.equals(exchange.getRequestMethod())
                    && PETS_PATH.equals(exchange.getRelativePath())) {
                exchange.getResponseHeaders().put(CONTENT_TYPE, APPLICATION_JSON);
                exchange.getResponseSender().send(PETS_BODY.duplicate());
            } else {
                exchange.setStatusCode(404);
                exchange.endExchange();
            }
        }
    };

    public static void main(String[] args) {
        int port = intEnv("PORT", 18080);
        String host = envOr("HOST", "127.0.0.1");
        int ioThreads = Runtime.getRuntime().availableProcessors();
        Undertow server = Undertow.builder()
                .addHttpListener(port, host)
                .setIoThreads(ioThreads)
                // Don't add "Connection: keep-alive" to every HTTP/1.1 response (light-4j does the same).
                .setServerOption(UndertowOptions.ALWAYS_SET_KEEP_ALIVE, false)
                .setHandler(HANDLER)
                .build();
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(server::stop, "baseline-shutdown"));
        System.out.println("undertow-baseline listening on http://" + host + ":" + port
                + " ioThreads=" + ioThreads);
    }

    private static String envOr(String name, String dflt) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? dflt : v.trim();
    }

    private static int intEnv(String name, int dflt) {
        String v = System.getenv(name);
        if (v == null || v.isBlank()) {
            return dflt;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be an integer port, got: " + v, e);
        }
    }
}
