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
 * Answers {@code GET /v1/pets} with a pre-encoded body, {@code GET /protocol} with the protocol
 * the request arrived on (e.g. {@code HTTP/2.0}, so a benchmark can check what a proxy in front
 * really speaks upstream) and 404 for anything else.
 * With {@code HTTP2=true} the listener also speaks HTTP/2 cleartext (h2c via {@code Upgrade: h2c}
 * and by prior knowledge); HTTP/1.1 keeps working on the same port.
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
    private static final String PROTOCOL_PATH = "/protocol";

    private BaselineServer() {
    }

    static final HttpHandler HANDLER = new HttpHandler() {
        @Override
        public void handleRequest(HttpServerExchange exchange) {
            if (Methods.GET.equals(exchange.getRequestMethod())
                    && PETS_PATH.equals(exchange.getRelativePath())) {
                exchange.getResponseHeaders().put(CONTENT_TYPE, APPLICATION_JSON);
                exchange.getResponseSender().send(PETS_BODY.duplicate());
            } else if (Methods.GET.equals(exchange.getRequestMethod())
                    && PROTOCOL_PATH.equals(exchange.getRelativePath())) {
                exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
                exchange.getResponseSender().send(exchange.getProtocol().toString());
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
        boolean http2 = Boolean.parseBoolean(envOr("HTTP2", "false"));
        Undertow server = Undertow.builder()
                .addHttpListener(port, host)
                .setIoThreads(ioThreads)
                // Don't add "Connection: keep-alive" to every HTTP/1.1 response (light-4j does the same).
                .setServerOption(UndertowOptions.ALWAYS_SET_KEEP_ALIVE, false)
                // Opt-in (HTTP2=true): h2c upgrade and prior knowledge on the plain listener.
                .setServerOption(UndertowOptions.ENABLE_HTTP2, http2)
                .setHandler(HANDLER)
                .build();
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(server::stop, "baseline-shutdown"));
        System.out.println("undertow-baseline listening on http://" + host + ":" + port
                + " ioThreads=" + ioThreads + " http2=" + http2);
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
