package io.lumen.handler.body;

import io.lumen.handler.ChainContext;
import io.lumen.handler.FailureHandler;
import io.lumen.handler.Middleware;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * Reads and parses request bodies ({@code body.yml}) with the {@link RequestBodyReader}: JSON into a
 * {@code JsonNode}, form data into a map, {@code multipart/form-data} into {@link FormPart}s (at most
 * {@code maxParts}), text into a string, attached as a {@link ParsedBody} under
 * {@link ParsedBody#ATTACHMENT_KEY}. Reading is asynchronous on the IO thread; the chain continues when
 * the whole body is there. The bytes are put back into the request channel, so a later handler (a
 * proxy) reads the same body again.
 *
 * <p>Errors: a body over {@code maxBodySize} is 413 ERR10068, answered as soon as the size is known
 * (at once from {@code Content-Length}); the server's root then reads and throws away what is left of
 * a moderately larger body so the connection is reused; malformed JSON or
 * form data is 400 ERR10015; an unknown charset 415 ERR19001; a body that stops arriving for
 * {@code requestBodyIdleTimeout} 408 ERR19004. Other media types, and empty bodies,
 * pass through unread and without attachment. Exceptions of later handlers that run after an
 * asynchronous read go to the chain's {@link FailureHandler}.
 */
public final class BodyHandler implements Middleware {
    private final BodyConfig config;
    private final RequestBodyReader reader;

    public BodyHandler(ServiceContext context) {
        this(context.config().load("body", BodyConfig.class), context.errors());
    }

    public BodyHandler(BodyConfig config, ErrorResponder errors) {
        this.config = config;
        this.reader = new RequestBodyReader(config, errors);
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        FailureHandler failures = context.failures();
        return new HttpHandler() {
            @Override
            public void handleRequest(HttpServerExchange exchange) throws Exception {
                reader.read(exchange, failures, next);
            }

            @Override
            public String toString() {
                return "body -> " + next;
            }
        };
    }

    @Override
    public String toString() {
        return "body";
    }
}
