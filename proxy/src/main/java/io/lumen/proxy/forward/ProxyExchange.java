package io.lumen.proxy.forward;

import io.lumen.client.pool.PooledConnection;
import io.lumen.status.ErrorCodes;
import io.undertow.client.ClientExchange;
import io.undertow.client.ClientRequest;
import io.undertow.client.ClientResponse;
import io.undertow.io.IoCallback;
import io.undertow.io.Sender;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.protocol.http.HttpContinue;
import io.undertow.server.protocol.http.HttpServerConnection;
import io.undertow.util.HeaderMap;
import io.undertow.util.HttpString;
import io.undertow.util.SameThreadExecutor;
import org.xnio.ChannelListeners;
import org.xnio.IoUtils;
import org.xnio.channels.StreamSinkChannel;
import org.xnio.channels.StreamSourceChannel;

import java.io.IOException;

/**
 * One request through the proxy, from choosing an upstream to the last byte of the response. All
 * of it runs on the request's IO thread: the upstream connection is opened on that thread, its
 * callbacks, the timeout and the body pumps all fire there, so the fields need no locking.
 *
 * <p>Attempts: a request that never reached an upstream (connect refused or timed out, a pooled
 * connection found dead) is tried again on another upstream, whatever its method; one that reached
 * it and failed before an answer is tried again only when its method is idempotent and it has no
 * body. Both within {@code maxConnectionRetries} and the retry budget. A request the upstream
 * refused unprocessed (503 with {@code Lumen-Unprocessed}: a Lumen service draining) is sent to
 * another upstream whatever its method, its body replayed from a copy of up to
 * {@code maxReplayBody} bytes, without spending the retry budget (the refusing upstream did no
 * work); that upstream is then left alone while it drains. A response with
 * {@code Connection: close} retires its connection. Failures answer the error
 * JSON: 502 unreachable / failed, 503 none healthy / busy, 504 timeout; once the response has
 * started, the only clean move left is to abort it.
 *
 * <p>Timeouts follow Envoy's model. The request timeout ({@code maxRequestTime} or the path's) starts
 * once the whole request has been sent upstream and ends with the response headers, so a large or
 * slow upload is never a 504. Before it (waiting for a connection, uploading) and after it
 * (downloading), the idle timeout ({@code streamIdleTimeout}) ends an exchange in which no byte
 * moved for that long, checked four times per period. Only the upstream's own failures count
 * against it (connect, reset, no answer in time, not reading the upload); a stream the client
 * broke (a body shorter or longer than its {@code Content-Length}, a stalled or oversized upload)
 * never does.
 *
 * <p>The exchange is one object in three classes along its seams: {@link ExchangeState} (what it
 * knows, its phase and timer), {@link ExchangeEnding} (timers, retries, failures and the end) and
 * this one (the way forward: lease a connection, send the request and its body, forward the
 * answer); the Undertow callbacks of each try are an {@link Attempt}.
 */
final class ProxyExchange extends ExchangeEnding implements Pump.Outcome {
    /** A Lumen service's mark on a request it refused without processing (see LumenServer.stop). */
    private static final HttpString UNPROCESSED = new HttpString("Lumen-Unprocessed");

    ProxyExchange(Forwarder route, HttpServerExchange exchange, long timeoutMs, String path) {
        super(route, exchange, timeoutMs, path);
    }

    /** Called from the handler, inside the chain. */
    void start() {
        route.upstreams().retries().request();
        upstream = route.upstreams().pick(null);
        if (upstream == null) {
            fail(ErrorCodes.PROXY_NO_HEALTHY_UPSTREAM, describe());
            return;
        }
        exchange.addExchangeCompleteListener(this);
        if (exchange.isInIoThread()) {
            keepClientReadable();
            exchange.dispatch(SameThreadExecutor.INSTANCE, this::acquire);
        } else {
            exchange.dispatch(exchange.getIoThread(), this::acquire);
        }
    }

    /**
     * Undertow stops reading a plain HTTP/1.1 connection once it has parsed a request, and starts
     * again when the response is done. A handler that answers at once pays nothing for that, but
     * the proxy answers in a later turn of the event loop, so each request cost two epoll_ctl
     * calls (about 4% of an IO thread under load). For a request without a body, reading is
     * switched straight back on: Undertow's read listener already copes with bytes that arrive
     * while a request runs (it suspends reading then, see HttpReadListener.handleEvent), and both
     * changes fall in the same loop turn, so the kernel is never told. Not for TLS (Undertow
     * suspends those on purpose), bodies (the body is read through the same socket) or upgrades.
     */
    void keepClientReadable() {
        if (hasBody || upgrade || !(exchange.getConnection() instanceof HttpServerConnection http)
                || http.getSslSession() != null || !exchange.isRequestComplete()) {
            return;
        }
        http.getOriginalSourceConduit().resumeReads();
    }

    /**
     * On the request's IO thread: the upstream connection is asked for, then the idle timeout starts
     * if the exchange still waits with no timer running. A pooled connection is usually leased at
     * once and a request without a body sent in the same call, so the request timeout already runs
     * by then: arming the idle timer first only to cancel it cost a timer start and stop per request.
     */
    void acquire() {
        if (phase == Phase.DONE) {
            return;
        }
        upstream.pool().acquire(this);
        idleIfUntimed();
    }

    /** Starts the idle timeout when the exchange goes on waiting (for a connection, an upload, a download) untimed. */
    void idleIfUntimed() {
        if (phase != Phase.DONE && timer == Phase.Timer.NONE) {
            startIdle();
        }
    }

    @Override
    public void leased(PooledConnection connection) {
        if (phase == Phase.DONE) {
            connection.release(true);
            return;
        }
        conn = connection;
        ClientRequest request;
        try {
            request = route.request(exchange, path, upstream, hasBody, upgrade);
        } catch (RuntimeException e) {
            LOG.error("cannot build the upstream request for {}", describe(), e);
            fail(ErrorCodes.RUNTIME_EXCEPTION);
            return;
        }
        moveTo(Phase.SENDING);
        Attempt attempt = new Attempt(this);
        current = attempt;
        connection.connection().sendRequest(request, attempt);
    }

    @Override
    public void leaseFailed(Failure failure, IOException cause) {
        if (phase == Phase.DONE) {
            return;
        }
        if (failure == Failure.BUSY) {
            retryOrFail(true, false, ErrorCodes.PROXY_UPSTREAM_BUSY);
            return;
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("cannot connect to {}: {}", upstream, cause == null ? "?" : cause.getMessage());
        }
        upstream.failed(route.now());
        retryOrFail(true, true, ErrorCodes.PROXY_UPSTREAM_UNREACHABLE, describe());
    }

    void attemptFailed(boolean neverSent, IOException e) {
        if (phase == Phase.DONE) {
            return;
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("{} to {} failed {}: {}", describe(), upstream, neverSent ? "before it was sent" : "before the response", e.toString());
        }
        if (!neverSent) { // a pooled connection found closed at send time is not the upstream failing
            upstream.failed(route.now());
        }
        retryOrFail(neverSent, !neverSent, ErrorCodes.PROXY_UPSTREAM_FAILED, describe());
    }

    void sent(Attempt attempt, ClientExchange result) {
        if (!hasBody) {
            endRequest(attempt, result.getRequestChannel());
            return;
        }
        if (replay != null) { // an earlier attempt read the whole body from the client and was refused: send the copy
            ReplayBody.Write write = replay.write(() -> {
                if (current == attempt) { // not an abandoned try's late flush
                    requestSent();
                }
            }, attempt::failed);
            replayWrite = write;
            write.start(result.getRequestChannel());
            return;
        }
        StreamSourceChannel body = exchange.getRequestChannel();
        if (body == null) { // a handler took the body without putting it back
            LOG.error("{}: the request body was consumed before the proxy (a handler read it without putting it back)", describe());
            IoUtils.safeClose(result.getRequestChannel());
            fail(ErrorCodes.RUNTIME_EXCEPTION);
            return;
        }
        ReplayBody copy = route.maxReplayBody() > 0
                ? new ReplayBody(route.maxReplayBody(), exchange.getRequestContentLength()) : null;
        Pump pump = new Pump(body, result.getRequestChannel(), bufferPool(), new RequestBodyOutcome(),
                exchange.getRequestContentLength(), copy);
        requestPump = pump;
        pendingReplay = copy;
        if (HttpContinue.requiresContinueResponse(exchange)) {
            HttpContinue.sendContinueResponse(exchange, new IoCallback() {
                @Override
                public void onComplete(HttpServerExchange ex, Sender sender) {
                    if (requestPump == pump) { // not refused in the meantime
                        pump.start();
                    }
                }

                @Override
                public void onException(HttpServerExchange ex, Sender sender, IOException e) {
                    abort();
                }
            });
        } else {
            pump.start();
        }
    }

    void endRequest(Attempt attempt, StreamSinkChannel channel) {
        try {
            channel.shutdownWrites();
            if (!channel.flush()) {
                channel.getWriteSetter().set(ChannelListeners.flushingChannelListener(
                        ch -> requestSent(), (ch, e) -> attempt.failed(e)));
                channel.resumeWrites();
            } else {
                requestSent();
            }
        } catch (IOException e) {
            attempt.failed(e);
        }
    }

    void responded(ClientExchange result) {
        if (phase == Phase.DONE) {
            // answered after the timeout: drop it (an HTTP/2 stream is reset, an HTTP/1.1 connection was closed)
            IoUtils.safeClose(result.getResponseChannel());
            return;
        }
        ClientResponse response = result.getResponse();
        int status = response.getResponseCode();
        if (status == 503 && response.getResponseHeaders().contains(UNPROCESSED)) {
            refused(result);
            return;
        }
        moveTo(status == 101 && upgrade ? Phase.TUNNELED : Phase.ANSWERED);
        cancelTimer(); // the request timeout ends with the response headers
        upstream.succeeded();
        lastOnConnection = !conn.multiplexed() && ConnectionReuse.closes(response);
        exchange.setStatusCode(status);
        HeaderMap out = exchange.getResponseHeaders();
        ForwardHeaders.copyResponse(response.getResponseHeaders(), out);
        if (phase == Phase.TUNNELED) { // the connection belongs to the tunnel from now on, never to the pool
            UpgradeTunnel.accept(exchange, result, bufferPool());
        }
        responsePump = new Pump(result.getResponseChannel(), exchange.getResponseChannel(), bufferPool(), this);
        responsePump.start();
        idleIfUntimed(); // a download that did not end at once: a stall is idle
    }

    /**
     * The upstream refused the request without processing it (it is draining): it gets nothing new
     * for a while, and the request goes to another upstream if its body can be sent again (none, or
     * read to its end and kept), without spending the retry budget.
     */
    void refused(ClientExchange result) {
        upstream.draining(route.now(), route.drainHold());
        if (conn.multiplexed()) {
            IoUtils.safeClose(result.getResponseChannel()); // resets the stream; the body is not wanted
        }
        if (hasBody && replay == null && pendingReplay != null && pendingReplay.usable(requestPump)) {
            replay = pendingReplay; // read to its end and kept whole: it can be sent again
        }
        boolean bodyAgain = !hasBody || replay != null;
        if (requestPump != null && !requestPump.completed()) {
            requestPump.abort();
        }
        requestPump = null; // the next attempt sends the copy: this pump no longer speaks for the request body
        pendingReplay = null;
        replayWrite = null;
        if (LOG.isDebugEnabled()) {
            LOG.debug("{}: {} is draining and refused it{}", describe(), upstream, bodyAgain ? "; sending it elsewhere" : "; its body cannot be sent again");
        }
        startIdle(); // no longer sent: waiting for another connection is bounded by the idle timeout
        retryOrFail(bodyAgain, true, false, ErrorCodes.PROXY_NO_HEALTHY_UPSTREAM, describe());
    }

    /** The request body's pump ended; only a request with a body makes one. */
    private final class RequestBodyOutcome implements Pump.Outcome {
        @Override
        public void pumped(Pump pump) {
            requestSent(); // the whole body is with the upstream; the response callback takes it from here
        }

        @Override
        public void pumpFailed(Pump pump, IOException e, boolean readSide) {
            if (phase == Phase.DONE) {
                return; // the proxy already ended the request (answered, timed out) and closed the upstream side
            }
            if (readSide) { // the client's body broke: never the upstream's failure
                LOG.debug("{}: reading the request body failed: {}", describe(), e.toString());
                clientFault(e);
            } else {
                upstream.failed(route.now());
                retryOrFail(false, true, ErrorCodes.PROXY_UPSTREAM_FAILED, describe());
            }
        }
    }

    /**
     * The response's pump ended. The exchange is its own response outcome, so a proxied request
     * allocates no listener object for it.
     */
    @Override
    public void pumped(Pump pump) {
        end(); // the exchange ends now that its response channel is shut down and flushed
    }

    @Override
    public void pumpFailed(Pump pump, IOException e, boolean readSide) {
        LOG.debug("{}: moving the response failed ({} side): {}", describe(), readSide ? "upstream" : "client", e.toString());
        if (readSide && upstream != null) {
            upstream.failed(route.now());
        }
        abort();
    }
}
