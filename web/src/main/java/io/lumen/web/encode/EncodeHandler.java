package io.lumen.web.encode;

import io.lumen.handler.ChainContext;
import io.lumen.handler.Middleware;
import io.lumen.http.MediaTypeSet;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.encoding.AllowedContentEncodings;
import io.undertow.server.handlers.encoding.ContentEncodingRepository;
import io.undertow.server.handlers.encoding.DeflateEncodingProvider;
import io.undertow.server.handlers.encoding.GzipEncodingProvider;
import io.undertow.util.HeaderValues;
import io.undertow.util.ObjectPool;
import io.undertow.util.SimpleObjectPool;
import io.undertow.util.Headers;

import java.util.Locale;
import java.util.zip.Deflater;

/**
 * The {@code encode} middleware ({@code response-encode.yml}): compresses responses with gzip or
 * deflate. Undertow's {@link ContentEncodingRepository} reads {@code Accept-Encoding} (q-values,
 * {@code *}, {@code identity;q=0}) and its providers compress with pooled deflaters; this class
 * adds what Undertow's {@code EncodingHandler} leaves out: which responses qualify
 * ({@link Compressible}), {@code Vary: Accept-Encoding}, and a weak {@code ETag} for a compressed body.
 * A client that accepts no coding at all still gets the identity body (never Undertow's bare 406).
 * Runs on the IO thread; the compression itself happens where the body is written.
 */
public final class EncodeHandler implements Middleware {
    private static final int DEFLATER_POOL = 64;

    private final ResponseEncodeConfig config;
    private final ContentEncodingRepository codings = new ContentEncodingRepository();
    private final Compressible compressible;
    private final String anyCoding;

    public EncodeHandler(ServiceContext context) {
        this(context.config().load("response-encode", ResponseEncodeConfig.class));
    }

    public EncodeHandler(ResponseEncodeConfig config) {
        this.config = config;
        int priority = 100;
        for (String coding : config.encoders()) { // the first listed wins a q-value tie
            codings.addEncodingHandler(coding, coding.equals("gzip")
                    ? new GzipEncodingProvider(deflaters(config.level(), true)) : zlibDeflate(config.level()), priority--);
        }
        this.anyCoding = String.join(", ", config.encoders());
        this.compressible = new Compressible(MediaTypeSet.of("mediaTypes", config.mediaTypes()), config.minimumSize());
    }

    /**
     * HTTP's {@code deflate} is the zlib format (RFC 9110 8.4.1.2); Undertow's provider writes raw
     * deflate data, so its deflaters come from a pool of zlib-wrapping ones.
     */
    private static DeflateEncodingProvider zlibDeflate(int level) {
        return new DeflateEncodingProvider(deflaters(level, false));
    }

    /**
     * A pool of deflaters: Undertow's providers otherwise make (and free) one per response, and a
     * deflater's native state costs more than compressing a 10 KB body. {@code raw} for gzip, whose
     * conduit writes the gzip header and trailer itself.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static ObjectPool<Deflater> deflaters(int level, boolean raw) {
        ObjectPool pool = new SimpleObjectPool<Deflater>(DEFLATER_POOL, () -> new Deflater(level, raw),
                Deflater::reset, Deflater::end);
        return (ObjectPool<Deflater>) pool;
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
        return "encode";
    }

    private final class Linked implements HttpHandler {
        private final HttpHandler next;

        Linked(HttpHandler next) {
            this.next = next;
        }

        @Override
        public void handleRequest(HttpServerExchange exchange) throws Exception {
            normalize(exchange);
            AllowedContentEncodings accepted = codings.getContentEncodings(exchange);
            exchange.addResponseWrapper(new Compression(compressible,
                    accepted == null || accepted.isNoEncodingsAllowed() ? null : accepted));
            next.handleRequest(exchange);
        }

        /**
         * Content codings are case-insensitive (RFC 9110 8.4.1), Undertow's lookup is not; and a bare
         * {@code *} means any coding (12.5.3), where Undertow reads identity.
         */
        private void normalize(HttpServerExchange exchange) {
            HeaderValues values = exchange.getRequestHeaders().get(Headers.ACCEPT_ENCODING);
            if (values == null) {
                return;
            }
            for (int i = 0; i < values.size(); i++) {
                String v = values.get(i);
                if (v.trim().equals("*")) {
                    values.set(i, anyCoding);
                    continue;
                }
                for (int c = 0; c < v.length(); c++) {
                    if (Character.isUpperCase(v.charAt(c))) {
                        values.set(i, v.toLowerCase(Locale.ROOT));
                        break;
                    }
                }
            }
        }

        @Override
        public String toString() {
            return "encode -> " + next;
        }
    }
}
