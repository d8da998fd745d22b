package io.lumen.web.decode;

import io.lumen.status.ErrorCodes;
import io.lumen.handler.ChainContext;
import io.lumen.handler.FailureHandler;
import io.lumen.handler.Middleware;
import io.lumen.handler.body.ReadContinuation;
import io.lumen.server.RequestBodies;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;

import java.io.IOException;
import java.util.Locale;

/**
 * The {@code decode} middleware ({@code request-decode.yml}). A request with {@code Content-Encoding:
 * gzip} or {@code deflate} is read and inflated ({@link InflatingReader}) up to {@code maxDecodedSize}
 * bytes before the chain goes on; the inflated bytes are put back into the request channel and the
 * headers describe them ({@code Content-Length}, no {@code Content-Encoding}), so the body middleware,
 * a proxy or a handler reads a plain body. Undertow's {@code RequestEncodingHandler} streams without a
 * bound on the inflated size and takes a body cut short for a complete one, which is why it is not
 * used. Answers 415 ERR19201 for a coding it does not take (several codings in a row included), 413
 * ERR10068 past the maximum, 400 ERR19200 for data that does not inflate. IO thread, no blocking.
 */
public final class DecodeHandler implements Middleware {
    private static final String UNSUPPORTED = ErrorCodes.UNSUPPORTED_CONTENT_ENCODING;

    private final RequestDecodeConfig config;
    private final ErrorResponder errors;

    public DecodeHandler(ServiceContext context) {
        this(context.config().load("request-decode", RequestDecodeConfig.class), context.errors());
    }

    public DecodeHandler(RequestDecodeConfig config, ErrorResponder errors) {
        this.config = config;
        this.errors = errors;
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
        return "decode";
    }

    private final class Linked implements HttpHandler, InflatingReader.Outcome {
        private final HttpHandler next;
        private final FailureHandler failures;

        Linked(HttpHandler next, FailureHandler failures) {
            this.next = next;
            this.failures = failures;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            HeaderMap headers = exchange.getRequestHeaders();
            if (!headers.contains(Headers.CONTENT_ENCODING)) {
                next.handleRequest(exchange);
                return;
            }
            String coding = String.join(",", headers.get(Headers.CONTENT_ENCODING)).trim().toLowerCase(Locale.ROOT);
            if (coding.equals("identity") || coding.isEmpty()) {
                headers.remove(Headers.CONTENT_ENCODING);
                next.handleRequest(exchange);
                return;
            }
            if (!config.decoders().contains(coding)) {
                if (config.refuseOtherCodings()) {
                    errors.send(exchange, UNSUPPORTED, coding, String.join(", ", config.decoders()));
                } else {
                    next.handleRequest(exchange);
                }
                return;
            }
            if (!exchange.isRequestChannelAvailable() || exchange.isRequestComplete()) {
                next.handleRequest(exchange); // an earlier handler took the body, or there is none
                return;
            }
            new InflatingReader(exchange, coding, config.maxDecodedSize(), this).start();
        }

        @Override
        public void inflated(HttpServerExchange exchange, byte[] body, boolean inCall) throws Exception {
            ReadContinuation.resume(exchange, inCall, failures, ex -> proceed(ex, body));
        }

        /** The handlers behind see the inflated body and headers that describe it. */
        private void proceed(HttpServerExchange exchange, byte[] body) throws Exception {
            HeaderMap headers = exchange.getRequestHeaders();
            headers.remove(Headers.CONTENT_ENCODING);
            headers.remove(Headers.TRANSFER_ENCODING);
            headers.put(Headers.CONTENT_LENGTH, body.length);
            if (body.length > 0) {
                ReadContinuation.putBack(exchange, body);
            }
            next.handleRequest(exchange);
        }

        @Override
        public void failed(HttpServerExchange exchange, IOException e, boolean inCall) {
            try {
                ReadContinuation.resume(exchange, inCall, failures, ex -> answer(ex, e));
            } catch (Exception unexpected) {
                failures.fail(exchange, unexpected);
            }
        }

        /** 413, 400 or 408 as the error JSON; any other failure (the client left) closes the connection. */
        private void answer(HttpServerExchange exchange, IOException e) {
            if (!RequestBodies.answerReadFailure(errors, exchange, e)) {
                exchange.setPersistent(false);
                exchange.endExchange();
            }
        }

        @Override
        public String toString() {
            return "decode -> " + next;
        }
    }
}
