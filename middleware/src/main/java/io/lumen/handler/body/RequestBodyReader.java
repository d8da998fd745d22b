package io.lumen.handler.body;

import io.lumen.handler.FailureHandler;
import io.lumen.http.RequestShape;
import io.lumen.server.RequestBodies;
import io.lumen.status.ErrorCodes;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.lumen.status.StatusException;
import io.undertow.server.Connectors;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.io.IOException;
import java.util.Map;

/**
 * The one reader of request bodies, by {@code body.yml}'s rules: the {@code body} middleware reads
 * with it, and so does middleware that needs the body on a chain without {@code body} (the
 * validator). A body whose media type {@code contentTypes} lists is read asynchronously on the IO
 * thread, parsed ({@link ParsedBody}, attached under {@link ParsedBody#ATTACHMENT_KEY}) and put back
 * into the request channel, so a later handler or a proxy reads the same bytes again. Thread-safe;
 * one per middleware instance.
 *
 * <p>Errors, answered here: over {@code maxBodySize} 413 ERR10068 (at once from
 * {@code Content-Length}; the server's root then throws away a moderately larger rest,
 * {@link RequestBodies}); malformed JSON or form data 400 ERR10015; an unknown charset 415 ERR19001;
 * a stalled body 408 ERR19004.
 */
public final class RequestBodyReader {
    private final ErrorResponder errors;
    private final MediaTypes types;
    private final BodyParser parser;
    private final long max;
    private final Status tooLargeStatus;
    private final String tooLargeDescription;
    private final BodyReader.Outcome outcome = new Outcome();

    public RequestBodyReader(BodyConfig config, ErrorResponder errors) {
        this.errors = errors;
        this.types = new MediaTypes(config.contentTypes());
        this.parser = new BodyParser(errors, config.maxParts());
        this.max = config.maxBodySize();
        this.tooLargeStatus = errors.catalogue().get(ErrorCodes.PAYLOAD_TOO_LARGE);
        this.tooLargeDescription = tooLargeStatus.describe(max);
    }

    /**
     * Reads, parses and attaches the body of {@code exchange}, then runs {@code next}: within this
     * call when the whole body is already there (its failures propagate), else from a read event as a
     * new root task of the exchange, whose failures go to {@code failures}. A request without a body,
     * with a media type not listed, or whose channel an earlier handler took, goes to {@code next} at
     * once without attachment; one an earlier reader parsed keeps that attachment (the sanitizer may
     * have rewritten it); a request answered with an error never reaches it.
     */
    public void read(HttpServerExchange exchange, FailureHandler failures, HttpHandler next) throws Exception {
        String contentType = exchange.getRequestHeaders().getFirst(Headers.CONTENT_TYPE);
        if (contentType == null || exchange.isRequestComplete() || exchange.getAttachment(ParsedBody.ATTACHMENT_KEY) != null) {
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
        new BodyReader(exchange, kind, mediaType, contentType, max, length, next, failures, outcome).start();
    }

    /** 413; the root throws away a moderate rest of the body afterwards, else closes the connection. */
    private void tooLarge(HttpServerExchange exchange) {
        if (exchange.getRequestContentLength() - max > RequestBodies.DISCARD_LIMIT) {
            exchange.setPersistent(false); // too much to throw away: say so before the connection closes
        }
        errors.send(exchange, tooLargeStatus, tooLargeDescription, Map.of(), null);
    }

    /** 408 for a stalled body, 413 from the root's count; anything else (the client left) closes. */
    private void broken(HttpServerExchange exchange, IOException e) {
        if (!RequestBodies.answerReadFailure(errors, exchange, e)) {
            exchange.setPersistent(false);
            exchange.endExchange();
        }
    }

    /** What becomes of every {@link BodyReader} this reader starts. */
    private final class Outcome implements BodyReader.Outcome {
        @Override
        public void body(BodyReader reader, byte[] raw, boolean inCall) throws Exception {
            ReadContinuation.resume(reader.exchange, inCall, reader.failures, exchange -> proceed(reader, raw));
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
            reader.next.handleRequest(exchange);
        }

        @Override
        public void tooLarge(BodyReader reader, boolean inCall) {
            if (inCall) {
                RequestBodyReader.this.tooLarge(reader.exchange);
            } else {
                Connectors.executeRootHandler(RequestBodyReader.this::tooLarge, reader.exchange);
            }
        }

        @Override
        public void broken(BodyReader reader, IOException e, boolean inCall) {
            if (inCall) {
                RequestBodyReader.this.broken(reader.exchange, e);
            } else {
                Connectors.executeRootHandler(ex -> RequestBodyReader.this.broken(ex, e), reader.exchange);
            }
        }
    }
}
