package io.lumen.server;

import io.undertow.protocols.http2.Http2Channel;
import io.undertow.protocols.http2.Http2StreamSourceChannel;
import io.undertow.server.Connectors;
import io.undertow.server.ExchangeCompletionListener;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.protocol.http2.Http2ServerConnection;
import io.undertow.util.AttachmentKey;
import io.undertow.util.Protocols;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.IoUtils;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A root handler that enforces {@code http2MaxConcurrentStreams}. Undertow advertises the limit in
 * {@code SETTINGS_MAX_CONCURRENT_STREAMS} but does not enforce it (2.3.x), so a client could open
 * thousands of streams on one connection. Here each HTTP/2 connection counts its requests in
 * progress; one beyond the limit is reset with {@code REFUSED_STREAM} (RFC 9113 5.1.2; the client
 * may retry it) before any handler runs.
 *
 * <p>The reset needs Undertow's connection internals (the channel and the stream id), reached once
 * through a {@link VarHandle}; should a later Undertow rename them, the stream is reset with
 * {@code CANCEL} instead. HTTP/1.1 requests cost one protocol comparison. Runs on the IO thread;
 * the per-connection count is atomic because requests may complete on worker threads.
 */
public final class Http2StreamLimit implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(Http2StreamLimit.class);
    private static final AttachmentKey<Streams> STREAMS = AttachmentKey.create(Streams.class);
    private static final VarHandle CHANNEL = field("channel", Http2Channel.class);
    private static final VarHandle REQUEST_CHANNEL = field("requestChannel", Http2StreamSourceChannel.class);

    private final HttpHandler next;
    private final int max;

    public Http2StreamLimit(HttpHandler next, int maxConcurrentStreams) {
        this.next = next;
        this.max = maxConcurrentStreams;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (exchange.getProtocol() == Protocols.HTTP_2_0) {
            Streams streams = exchange.getConnection().getAttachment(STREAMS); // attachments are per HTTP/2 connection
            if (streams == null) {
                streams = new Streams();
                exchange.getConnection().putAttachment(STREAMS, streams);
            }
            if (streams.incrementAndGet() > max) {
                streams.decrementAndGet();
                refuse(exchange);
                return;
            }
            exchange.addExchangeCompleteListener(streams);
        }
        next.handleRequest(exchange);
    }

    private static void refuse(HttpServerExchange exchange) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("HTTP/2 stream refused: more than the advertised concurrent streams from {}",
                    exchange.getConnection().getPeerAddress());
        }
        if (exchange.getConnection() instanceof Http2ServerConnection connection && CHANNEL != null
                && REQUEST_CHANNEL != null) {
            Http2Channel channel = (Http2Channel) CHANNEL.get(connection);
            Http2StreamSourceChannel stream = (Http2StreamSourceChannel) REQUEST_CHANNEL.get(connection);
            if (channel != null && stream != null) {
                channel.sendRstStream(stream.getStreamId(), Http2Channel.ERROR_REFUSED_STREAM);
                // the stream is gone: end the exchange's bookkeeping without writing to it
                Connectors.terminateRequest(exchange);
                Connectors.terminateResponse(exchange);
                return;
            }
        }
        IoUtils.safeClose(exchange.getConnection()); // for an HTTP/2 stream: RST_STREAM CANCEL
    }

    private static VarHandle field(String name, Class<?> type) {
        try {
            return MethodHandles.privateLookupIn(Http2ServerConnection.class, MethodHandles.lookup())
                    .findVarHandle(Http2ServerConnection.class, name, type);
        } catch (ReflectiveOperationException | RuntimeException e) {
            LoggerFactory.getLogger(Http2StreamLimit.class).warn(
                    "HTTP/2 streams over the limit are reset with CANCEL, not REFUSED_STREAM, on this Undertow ({})",
                    e.toString());
            return null;
        }
    }

    /** The requests in progress on one HTTP/2 connection; also the listener that counts them down. */
    private static final class Streams extends AtomicInteger implements ExchangeCompletionListener {
        private static final long serialVersionUID = 1L;

        @Override
        public void exchangeEvent(HttpServerExchange exchange, NextListener nextListener) {
            try {
                decrementAndGet();
            } finally {
                nextListener.proceed();
            }
        }
    }
}
