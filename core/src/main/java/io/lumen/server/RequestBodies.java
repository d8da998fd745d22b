package io.lumen.server;

import io.lumen.status.ErrorResponder;
import io.lumen.status.ErrorCodes;
import io.undertow.server.ConduitWrapper;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.RequestTooBigException;
import io.undertow.server.ResponseCommitListener;
import io.undertow.server.protocol.http.HttpContinue;
import io.undertow.server.protocol.http.HttpServerConnection;
import io.undertow.util.ConduitFactory;
import org.xnio.conduits.ConduitStreamSourceChannel;
import org.xnio.conduits.StreamSourceConduit;

/**
 * A root handler that puts Lumen's rules on every request body, whoever reads it (Lumen's body
 * middleware, the validator, the proxy, an application handler, asynchronously or blocking):
 * <ul>
 * <li>{@code Expect: 100-continue} is answered {@code 100 Continue} when something first reads
 *     the body (Undertow's {@code HttpContinueReadHandler} semantics). A chain that answers without
 *     reading (401, 413, 415, ...) sends its final status instead, and the connection is then
 *     closed, since the client may or may not send the body it announced.</li>
 * <li>A body over the limit (what a handler set with {@code setMaxEntitySize} before reading, else
 *     server.yml {@code maxTransferFileSize}) fails the read with {@link BodyTooLargeException};
 *     with a {@code Content-Length} over the limit the first read fails, before any 100 is sent.</li>
 * <li>A read that waits {@code requestBodyIdleTimeout} ms without a byte fails with
 *     {@link RequestBodyTimeoutException} and the connection is not reused.</li>
 * </ul>
 * A handler turns these failures into the error JSON with {@link #answerReadFailure} (Lumen's own
 * readers, the exception middleware and the last-resort guard do).
 *
 * <p>After a 413 the rest of the body is read and thrown away, up to {@link #DISCARD_LIMIT} bytes
 * past the limit (Tomcat's {@code maxSwallowSize} default): a client still sending sees the answer
 * instead of a connection reset, and the connection is reused. Past that the connection is closed.
 *
 * <p>A request without a body costs one flag check. Runs on the IO thread; thread-safe. Public so
 * that an embedding that builds its own Undertow root (Spring Boot) can put it in front of its
 * handlers.
 */
public final class RequestBodies implements HttpHandler {
    /** Bytes read and thrown away after a 413 before the connection is closed instead. */
    public static final long DISCARD_LIMIT = 2 * 1024 * 1024;

    private static final String TOO_LARGE = ErrorCodes.PAYLOAD_TOO_LARGE;
    private static final String TIMEOUT = ErrorCodes.REQUEST_BODY_TIMEOUT;
    private static final String BAD_ENCODING = ErrorCodes.INVALID_CONTENT_ENCODING;
    private static final String BROKEN = ErrorCodes.BAD_REQUEST_FRAMING;

    private final HttpHandler next;
    private final long maxBodySize;
    private final long idleMillis;
    private final ConduitWrapper<StreamSourceConduit> plain;
    private final ConduitWrapper<StreamSourceConduit> expecting;

    /**
     * Undertow's own {@code MAX_ENTITY_SIZE} must be 0 (no limit) on the listeners this handler
     * serves: Undertow fixes it for a chunked body before any handler runs, fails the read by
     * closing the connection and prints the exception to stderr. The limit is {@code maxBodySize}
     * here instead, unless a handler sets its own with {@code setMaxEntitySize} before reading.
     *
     * @param maxBodySize       the default limit of a request body in bytes; 0 for none
     * @param idleTimeoutMillis how long a read may wait for the next body byte; 0 for no limit
     */
    public RequestBodies(HttpHandler next, long maxBodySize, long idleTimeoutMillis) {
        this.next = next;
        this.maxBodySize = maxBodySize;
        this.idleMillis = idleTimeoutMillis;
        this.plain = wrapper(idleTimeoutMillis, false);
        this.expecting = wrapper(idleTimeoutMillis, true);
    }

    private ConduitWrapper<StreamSourceConduit> wrapper(long idleMillis, boolean expectContinue) {
        return (ConduitFactory<StreamSourceConduit> factory, HttpServerExchange exchange) -> {
            long set = exchange.getMaxEntitySize(); // a handler's own limit (the body middleware's), else the server's
            if (set > 0) {
                exchange.setMaxEntitySize(0); // counted by the conduit, which leaves the connection usable
            }
            return new BodyConduit(factory.create(), exchange, set > 0 ? set : maxBodySize, idleMillis, expectContinue);
        };
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (!exchange.isRequestComplete()) { // a body follows (no body: Undertow completed the request)
            guard(exchange);
        }
        next.handleRequest(exchange);
    }

    private void guard(HttpServerExchange exchange) {
        boolean expect = HttpContinue.requiresContinueResponse(exchange);
        try {
            exchange.addRequestWrapper(expect ? expecting : plain);
        } catch (IllegalStateException e) {
            // Undertow's h2c upgrade handler read the first 16 KB of a chunked body into memory and
            // handed on the rest: put the conduit under the connection's channel instead
            if (exchange.getConnection() instanceof HttpServerConnection http) {
                ConduitStreamSourceChannel source = http.getChannel().getSourceChannel();
                source.setConduit(new BodyConduit(source.getConduit(), exchange, maxBodySize, idleMillis, false));
            }
            return;
        }
        // the exchange's own limit stays 0 (Undertow's): on HTTP/2 a limit there resets the stream as
        // soon as its DATA frames pass it, before any handler could answer 413
        if (expect) {
            exchange.addResponseCommitListener(ContinueNotSent.INSTANCE);
        }
    }

    /**
     * Answers a failed body read with the error JSON when the failure is one of the rules above:
     * 413 ERR10068 for a body over the limit, 408 ERR19004 for the idle timeout, 400 ERR19200 for a
     * compressed body that does not decode, 400 ERR19002 with the connection closed for a body that
     * broke off before its {@code Content-Length} ({@link BrokenBodyException}; the cause may be
     * wrapped, as Undertow's receiver does). Returns
     * false for other failures, which the caller handles, usually by closing the connection.
     */
    public static boolean answerReadFailure(ErrorResponder errors, HttpServerExchange exchange, Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof RequestBodyTimeoutException timeout) {
                exchange.setPersistent(false);
                errors.send(exchange, TIMEOUT, timeout.idleMillis());
                return true;
            }
            if (t instanceof BadContentEncodingException bad) {
                errors.send(exchange, BAD_ENCODING, bad.coding());
                return true;
            }
            if (t instanceof BrokenBodyException) {
                exchange.setPersistent(false); // the rest of the connection cannot be framed
                errors.send(exchange, BROKEN, "the request body ended before its declared length");
                return true;
            }
            if (t instanceof RequestTooBigException) {
                long limit = t instanceof BodyTooLargeException b ? b.limit() : exchange.getMaxEntitySize();
                errors.send(exchange, TOO_LARGE, limit);
                return true;
            }
        }
        return false;
    }

    /** The chain answers without having read an announced body: the connection cannot be reused. */
    private enum ContinueNotSent implements ResponseCommitListener {
        INSTANCE;

        @Override
        public void beforeCommit(HttpServerExchange exchange) {
            if (!HttpContinue.isContinueResponseSent(exchange)) {
                exchange.setPersistent(false);
                if (!exchange.isRequestComplete()) {
                    exchange.getConnection().terminateRequestChannel(exchange);
                }
            }
        }
    }
}
