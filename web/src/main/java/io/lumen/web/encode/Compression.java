package io.lumen.web.encode;

import io.undertow.server.ConduitWrapper;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.encoding.AllowedContentEncodings;
import io.undertow.util.ConduitFactory;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import org.xnio.conduits.StreamSinkConduit;

import java.util.List;
import java.util.Locale;

/**
 * The response wrapper of one exchange, run when the response body starts: for a compressible
 * response it adds {@code Vary: Accept-Encoding} (also when this client takes no coding, so a cache
 * keeps the variants apart) and, when the client accepts a coding, lets Undertow's
 * {@link AllowedContentEncodings} set {@code Content-Encoding} and compress. A strong {@code ETag}
 * becomes weak for the compressed body (its bytes differ from the identity one's).
 */
final class Compression implements ConduitWrapper<StreamSinkConduit> {
    private final Compressible compressible;
    private final AllowedContentEncodings accepted; // null: identity only

    Compression(Compressible compressible, AllowedContentEncodings accepted) {
        this.compressible = compressible;
        this.accepted = accepted;
    }

    @Override
    public StreamSinkConduit wrap(ConduitFactory<StreamSinkConduit> factory, HttpServerExchange exchange) {
        if (!compressible.test(exchange)) {
            return factory.create();
        }
        HeaderMap headers = exchange.getResponseHeaders();
        addVary(headers);
        if (accepted == null || accepted.isIdentity() || exchange.getResponseContentLength() == 0) {
            return factory.create();
        }
        String etag = headers.getFirst(Headers.ETAG);
        if (etag != null && etag.startsWith("\"")) {
            headers.put(Headers.ETAG, "W/" + etag);
        }
        return accepted.wrap(factory, exchange);
    }

    private static void addVary(HeaderMap headers) {
        for (String vary : headers.get(Headers.VARY) == null ? List.<String>of() : headers.get(Headers.VARY)) {
            String v = vary.toLowerCase(Locale.ROOT);
            if (v.contains("accept-encoding") || v.trim().equals("*")) {
                return;
            }
        }
        headers.add(Headers.VARY, Headers.ACCEPT_ENCODING_STRING);
    }
}
