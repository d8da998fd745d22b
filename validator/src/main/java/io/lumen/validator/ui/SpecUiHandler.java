package io.lumen.validator.ui;

import io.lumen.openapi.SpecLoader;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.StatusCodes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Swagger UI from the {@code org.webjars:swagger-ui} jar: {@code GET /specui.html} is a page that
 * points Swagger UI at {@code /specui/spec.json}; {@code GET /specui/<file>} serves the UI's own files
 * (scripts, styles, icons) from the classpath with their content types. Route both paths to this
 * handler in handler.yml ({@code /specui.html} and {@code /specui/*}). Files are read once at
 * startup; nothing is fetched from the network. IO thread.
 *
 * <p>{@code /specui/spec.json} is the service's spec (bundled: referenced files inlined) whose
 * {@code servers} list starts with the origin the page was loaded from plus the spec's base path
 * ({@code http://127.0.0.1:8080/v1}), followed by the spec's own servers: "Try it out" reaches
 * this service, not the host the spec was written for. {@code /spec.yaml} keeps the file's bytes.
 */
public final class SpecUiHandler implements HttpHandler {
    private static final String WEBJAR = "META-INF/resources/webjars/swagger-ui/";
    private static final String[] FILES = {"swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "swagger-ui.css",
            "index.css", "favicon-16x16.png", "favicon-32x32.png", "oauth2-redirect.html", "oauth2-redirect.js"};
    static final String PAGE = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
              <meta charset="utf-8">
              <title>API documentation</title>
              <link rel="stylesheet" href="/specui/swagger-ui.css">
              <link rel="icon" type="image/png" href="/specui/favicon-32x32.png">
            </head>
            <body>
              <div id="swagger-ui"></div>
              <script src="/specui/swagger-ui-bundle.js"></script>
              <script>
                window.onload = function () {
                  window.ui = SwaggerUIBundle({
                    url: '/specui/spec.json',
                    dom_id: '#swagger-ui',
                    deepLinking: true,
                    presets: [SwaggerUIBundle.presets.apis],
                    layout: 'BaseLayout'
                  });
                };
              </script>
            </body>
            </html>
            """;

    private final Map<String, Asset> assets = new HashMap<>();
    private final ByteBuffer page = ByteBuffer.wrap(PAGE.getBytes(StandardCharsets.UTF_8)).asReadOnlyBuffer();
    private final SpecWithOrigin spec;

    private record Asset(ByteBuffer bytes, String contentType) {
    }

    /** Swagger UI for the service's spec ({@code openapi.yaml}, loaded once per service). */
    public SpecUiHandler(ServiceContext context) {
        this(new SpecWithOrigin(SpecLoader.shared(context)));
    }

    SpecUiHandler(SpecWithOrigin spec) {
        this.spec = spec;
        ClassLoader cl = SpecUiHandler.class.getClassLoader();
        String version = version(cl);
        for (String file : FILES) {
            try (InputStream in = cl.getResourceAsStream(WEBJAR + version + "/" + file)) {
                if (in == null) {
                    throw new IllegalStateException("swagger-ui webjar " + version + " has no " + file);
                }
                assets.put(file, new Asset(ByteBuffer.wrap(in.readAllBytes()).asReadOnlyBuffer(), contentType(file)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static String version(ClassLoader cl) {
        try (InputStream in = cl.getResourceAsStream("META-INF/maven/org.webjars/swagger-ui/pom.properties")) {
            if (in == null) {
                throw new IllegalStateException("org.webjars:swagger-ui is not on the classpath");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String contentType(String file) {
        if (file.endsWith(".js")) {
            return "text/javascript; charset=utf-8";
        }
        if (file.endsWith(".css")) {
            return "text/css; charset=utf-8";
        }
        if (file.endsWith(".png")) {
            return "image/png";
        }
        return "text/html; charset=utf-8";
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        String path = exchange.getRelativePath(); // below a servlet context path, as routes are
        if (path.endsWith(".html") && !path.startsWith("/specui/")) {
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/html; charset=utf-8");
            exchange.getResponseSender().send(page.duplicate());
            return;
        }
        if (path.equals(SpecWithOrigin.PATH)) {
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
            exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, "no-cache");
            exchange.getResponseSender().send(spec.json(exchange.getRequestScheme(), exchange.getHostAndPort()));
            return;
        }
        Asset asset = assets.get(path.substring(path.lastIndexOf('/') + 1));
        if (asset == null) {
            exchange.setStatusCode(StatusCodes.NOT_FOUND);
            exchange.endExchange();
            return;
        }
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, asset.contentType());
        exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, "public, max-age=86400");
        exchange.getResponseSender().send(asset.bytes().duplicate());
    }

    @Override
    public String toString() {
        return "specui";
    }
}
