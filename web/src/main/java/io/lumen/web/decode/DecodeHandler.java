package io.lumen.web.decode;

import io.lumen.handler.ChainContext;
import io.lumen.handler.Middleware;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;

import java.util.Locale;

/**
 * The {@code decode} middleware ({@code request-decode.yml}). For a request with
 * {@code Content-Encoding: gzip} or {@code deflate} it puts an {@link InflatedBody} conduit on the
 * request channel and rewrites the headers to describe what the handlers behind will read: no
 * {@code Content-Encoding}, no {@code Content-Length} (unknown until inflated), {@code Transfer-Encoding:
 * chunked}. Undertow's own {@code RequestEncodingHandler} would do the first part without a bound on
 * the inflated size, which is why it is not used as is. Answers 415 ERR19201 for a coding it does
 * not take (several codings in a row included). IO thread, no blocking.
 */
public final class DecodeHandler implements Middleware {
    private static final String UNSUPPORTED = "ERR19201";

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
        return new Linked(next);
    }

    @Override
    public String toString() {
        return "decode";
    }

    private final class Linked implements HttpHandler {
        private final HttpHandler next;

        Linked(HttpHandler next) {
            this.next = next;
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
            if (exchange.isRequestChannelAvailable()) {
                exchange.addRequestWrapper(InflatedBody.wrapper(coding, config.maxDecodedSize()));
                headers.remove(Headers.CONTENT_ENCODING);
                headers.remove(Headers.CONTENT_LENGTH);
                headers.put(Headers.TRANSFER_ENCODING, Headers.CHUNKED.toString());
            }
            next.handleRequest(exchange);
        }

        @Override
        public String toString() {
            return "decode -> " + next;
        }
    }
}
