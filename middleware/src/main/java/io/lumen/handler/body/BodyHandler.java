package io.lumen.handler.body;

import io.lumen.handler.ChainContext;
import io.lumen.handler.FailureHandler;
import io.lumen.handler.Middleware;
import io.lumen.http.RequestShape;
import io.lumen.server.RequestBodies;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.lumen.status.ErrorCodes;
import io.lumen.status.StatusException;
import io.undertow.server.Connectors;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import org.xnio.channels.StreamSourceChannel;

import java.io.IOException;
import java.util.Map;

/**
 * Reads and parses request bodies ({@code body.yml}): JSON into a {@code JsonNode}, form data into
 * a map, {@code multipart/form-data} into {@link FormPart}s (at most {@code maxParts}), text into a string, attached as a {@link ParsedBody} under {@link ParsedBody#ATTACHMENT_KEY}. Reading is
 * asynchronous on the IO thread; the chain continues when the whole body is there. The bytes are
 * put back into the request channel, so a later handler (a proxy) reads the same body again.
 *
 * <p>Errors: a body over {@code maxBodySize} is 413 ERR10068, answered as soon as the size is known
 * (at once from {@code Content-Length}); the server's root then reads and throws away what is left of
 * a moderately larger body so the connection is reused ({@link RequestBodies}); malformed JSON or
 * form data is 400 ERR10015; an unknown charset 415 ERR19001; a body that stops arriving for
 * {@code requestBodyIdleTimeout} 408 ERR19004. Other media types, and empty bodies,
 * pass through unread and without attachment. Exceptions of later handlers that run after an
 * asynchronous read go to the chain's {@link FailureHandler}.
 */
public final class BodyHandler implements Middleware {
    private static final String TOO_LARGE = ErrorCodes.PAYLOAD_TOO_LARGE;

    private final BodyConfig config;
    private final ErrorResponder errors;
    private final MediaTypes types;
    private final BodyParser parser;

    public BodyHandler(ServiceContext context) {
        this(context.config().load("body", BodyConfig.class), context.errors());
    }

    public BodyHandler(BodyConfig config, ErrorResponder errors) {
        this.config = config;
        this.errors = errors;
        this.types = new MediaTypes(config.contentTypes());
        this.parser = new BodyParser(errors, config.maxParts());
    }

    @Override
    public boolean isEnabled() {
        return config.enabled();
    }

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        return new Linked(next, context.failures());
    }

    @Override
    public String toString() {
        return "body";
    }

    /** The per-route handler; also the outcome of every {@link BodyReader} of its route. */
    private final class Linked implements HttpHandler, BodyReader.Outcome {
        private final HttpHandler next;
        private final FailureHandler failures;
        private final long max = config.maxBodySize();
        private final Status tooLargeStatus = errors.catalogue().get(TOO_LARGE);
        private final String tooLargeDescription = tooLargeStatus.describe(config.maxBodySize());

        Linked(HttpHandler next, FailureHandler failures) {
            this.next = next;
            this.failures = failures;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            String contentType = exchange.getRequestHeaders().getFirst(Headers.CONTENT_TYPE);
            if (contentType == null || exchange.isRequestComplete()) {
                next.handleRequest(exchange);
                return;
            }
            String mediaType = RequestShape.mediaType(contentType);
            MediaTypes.Kind kind = types.kind(mediaType);
            if (kind == null) {
                next.handleRequest(exchange);
                return;
            }
            long length = exchange.getRequestContentLength();
            if (length > max) {
                tooLarge(exchange);
                return;
            }
            if (length == 0 || !exchange.isRequestChannelAvailable()) {
                next.handleRequest(exchange); // nothing to read, or an earlier handler took the channel
                return;
            }
            // Undertow's own limit sits one read above ours, so BodyReader sees the excess first and answers
            // 413: when Undertow's chunked decoder trips, some versions (2.3.24, Spring Boot 3.5's) close
            // the connection before a response can be written.
            exchange.setMaxEntitySize(max + exchange.getConnection().getByteBufferPool().getBufferSize());
            StreamSourceChannel channel = exchange.getRequestChannel();
            new BodyReader(exchange, kind, mediaType, contentType, channel, max, length, this).start();
        }

        @Override
        public void body(BodyReader reader, byte[] raw, boolean inCall) throws Exception {
            ReadContinuation.resume(reader.exchange, inCall, failures, exchange -> proceed(reader, raw));
        }

        private void proceed(BodyReader reader, byte[] raw) throws Exception {
            HttpServerExchange exchange = reader.exchange;
            if (raw.length > 0) {
                ParsedBody body;
                try {
                    body = parser.parse(reader.kind, reader.mediaType, reader.contentType, raw);
                } catch (StatusException e) {
                    errors.send(exchange, e);
                    return;
                }
                ReadContinuation.putBack(exchange, raw);
                exchange.putAttachment(ParsedBody.ATTACHMENT_KEY, body);
            }
            next.handleRequest(exchange);
        }

        @Override
        public void tooLarge(BodyReader reader, boolean inCall) {
            if (inCall) {
                tooLarge(reader.exchange);
            } else {
                Connectors.executeRootHandler(this::tooLarge, reader.exchange);
            }
        }

        /** 413; the root throws away a moderate rest of the body afterwards, else closes the connection. */
        private void tooLarge(HttpServerExchange exchange) {
            if (exchange.getRequestContentLength() - max > RequestBodies.DISCARD_LIMIT) {
                exchange.setPersistent(false); // too much to throw away: say so before the connection closes
            }
            errors.send(exchange, tooLargeStatus, tooLargeDescription, Map.of(), null);
        }

        @Override
        public void broken(BodyReader reader, IOException e, boolean inCall) {
            if (inCall) {
                broken(reader.exchange, e);
            } else {
                Connectors.executeRootHandler(ex -> broken(ex, e), reader.exchange);
            }
        }

        /** 408 for a stalled body, 413 from the root's count; anything else (the client left) closes. */
        private void broken(HttpServerExchange exchange, IOException e) {
            if (!RequestBodies.answerReadFailure(errors, exchange, e)) {
                exchange.setPersistent(false);
                exchange.endExchange();
            }
        }

        @Override
        public String toString() {
            return "body -> " + next;
        }
    }
}
