package io.lumen.proxy.forward;

import io.lumen.http.RequestShape;
import io.lumen.proxy.upstream.Lease;
import io.lumen.proxy.upstream.PooledConnection;
import io.lumen.proxy.upstream.Upstream;
import io.lumen.server.RequestBodies;
import io.lumen.server.RequestBodyTimeoutException;
import io.lumen.status.ErrorCodes;
import io.undertow.client.ClientCallback;
import io.undertow.client.ClientExchange;
import io.undertow.client.ClientRequest;
import io.undertow.client.ClientResponse;
import io.undertow.connector.ByteBufferPool;
import io.undertow.io.IoCallback;
import io.undertow.io.Sender;
import io.undertow.server.ExchangeCompletionListener;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.protocol.http.HttpContinue;
import io.undertow.server.protocol.http.HttpServerConnection;
import io.undertow.util.HeaderMap;
import io.undertow.util.Protocols;
import io.undertow.util.SameThreadExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.IoUtils;
import org.xnio.XnioIoThread;
import org.xnio.channels.StreamSinkChannel;
import org.xnio.channels.StreamSourceChannel;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

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
 */
final class ProxyExchange extends RequestTimers.Timed implements Lease, ExchangeCompletionListener {
    private static final Logger LOG = LoggerFactory.getLogger(ProxyExchange.class);
    /** A Lumen service's mark on a request it refused without processing (see LumenServer.stop). */
    private static final io.undertow.util.HttpString UNPROCESSED = new io.undertow.util.HttpString("Lumen-Unprocessed");

    private final Forwarder route;
    private final HttpServerExchange exchange;
    private final long timeoutMs;
    /** The raw path sent upstream when a gateway route rewrote it; null: the request's own. */
    private final String path;
    /** Which timer runs. */
    private Phase.Timer timer = Phase.Timer.NONE;
    /** When the current idle period began (nanoTime): no byte moved since then, unless a pump says so. */
    private long idleSince;
    private final boolean hasBody;
    private final boolean upgrade;
    /** Where the exchange stands; see {@link Phase} for the legal transitions. */
    private Phase phase = Phase.WAITING;

    private Upstream upstream;
    private PooledConnection conn;
    private ClientExchange upstreamExchange;
    /** The try in progress; Undertow's callbacks for an earlier one are ignored. */
    private Attempt current;
    private Pump requestPump;
    private Pump responsePump;
    private int attempt;
    /** The upstream said it closes this connection after the response (Connection: close): a fact of the connection, not a phase. */
    private boolean lastOnConnection;
    /** A copy of the body as sent, for a refused request to be sent elsewhere; null until a body is pumped. */
    private ReplayBody replay;
    /** The copy being made by the current request pump. */
    private ReplayBody pendingReplay;
    /** The copy being written to the current attempt's upstream, if it is sent from the copy. */
    private ReplayBody.Write replayWrite;

    ProxyExchange(Forwarder route, HttpServerExchange exchange, long timeoutMs, String path) {
        this.route = route;
        this.path = path;
        this.exchange = exchange;
        this.timeoutMs = timeoutMs;
        this.hasBody = RequestShape.hasBody(exchange);
        this.upgrade = RequestShape.isUpgrade(exchange);
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
    private void keepClientReadable() {
        if (hasBody || upgrade || !(exchange.getConnection() instanceof HttpServerConnection http)
                || http.getSslSession() != null || !exchange.isRequestComplete()) {
            return;
        }
        http.getOriginalSourceConduit().resumeReads();
    }

    /** On the request's IO thread: the idle timeout starts, then the upstream connection is asked for. */
    private void acquire() {
        if (phase == Phase.DONE) {
            return;
        }
        startIdle();
        upstream.pool().acquire(this);
    }

    /** The request is with the upstream: from now its timeout runs until the response headers. */
    private void requestSent() {
        if (phase != Phase.SENDING) {
            return; // ended, or answered before the upload ended: the request timeout has nothing left to time
        }
        moveTo(Phase.SENT);
        cancelTimer();
        if (timeoutMs > 0) {
            timer = Phase.Timer.REQUEST;
            route.timers().start(exchange.getIoThread(), this, timeoutMs);
        } else {
            startIdle(); // no request timeout: at least nothing may hang without a byte moving
        }
    }

    private void startIdle() {
        cancelTimer();
        if (route.idleCheckMillis() > 0) {
            timer = Phase.Timer.IDLE;
            idleSince = System.nanoTime();
            route.timers().start(exchange.getIoThread(), this, route.idleCheckMillis());
        }
    }

    // ---- Lease ----

    @Override
    public XnioIoThread ioThread() {
        return exchange.getIoThread();
    }

    @Override
    public ByteBufferPool bufferPool() {
        return exchange.getConnection().getByteBufferPool();
    }

    @Override
    public boolean upgrade() {
        return upgrade;
    }

    @Override
    public boolean abandoned() {
        return phase == Phase.DONE;
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
        Attempt attempt = new Attempt();
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

    // ---- Undertow's callbacks: first the request is under way, then the response arrives ----

    /**
     * The callbacks of one try. Undertow may report one failure twice (to the request callback and to
     * the response listener) and may report it after the exchange moved on to another try (a
     * synchronous failure while the request is being sent, a listener set on an exchange that already
     * failed): each try answers once, and only while it is the current one.
     */
    private final class Attempt implements ClientCallback<ClientExchange> {
        private ClientExchange exchange;
        private boolean failed;

        @Override
        public void completed(ClientExchange result) {
            if (current != this || failed) {
                if (exchange != null && result.getResponse() != null) {
                    IoUtils.safeClose(result.getResponseChannel()); // a late answer to an abandoned try
                }
                return;
            }
            if (exchange == null) {
                exchange = result;
                upstreamExchange = result;
                sent(this, result);
                if (current == this && !failed) {
                    result.setResponseListener(this);
                }
            } else {
                responded(result);
            }
        }

        @Override
        public void failed(IOException e) {
            if (current != this || failed) {
                return;
            }
            failed = true;
            attemptFailed(exchange == null, e);
        }
    }

    private void attemptFailed(boolean neverSent, IOException e) {
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

    private void sent(Attempt attempt, ClientExchange result) {
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
        Pump pump = new Pump(body, result.getRequestChannel(), bufferPool(), requestOutcome,
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

    private void endRequest(Attempt attempt, StreamSinkChannel channel) {
        try {
            channel.shutdownWrites();
            if (!channel.flush()) {
                channel.getWriteSetter().set(org.xnio.ChannelListeners.flushingChannelListener(
                        ch -> requestSent(), (ch, e) -> attempt.failed(e)));
                channel.resumeWrites();
            } else {
                requestSent();
            }
        } catch (IOException e) {
            attempt.failed(e);
        }
    }

    private void responded(ClientExchange result) {
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
        startIdle(); // the request timeout ends with the response headers; a stalled download is idle
        upstream.succeeded();
        lastOnConnection = !conn.multiplexed() && ConnectionReuse.closes(response);
        exchange.setStatusCode(status);
        HeaderMap out = exchange.getResponseHeaders();
        ForwardHeaders.copyResponse(response.getResponseHeaders(), out);
        if (phase == Phase.TUNNELED) { // the connection belongs to the tunnel from now on, never to the pool
            UpgradeTunnel.accept(exchange, result, bufferPool());
        }
        responsePump = new Pump(result.getResponseChannel(), exchange.getResponseChannel(), bufferPool(), responseOutcome);
        responsePump.start();
    }

    /**
     * The upstream refused the request without processing it (it is draining): it gets nothing new
     * for a while, and the request goes to another upstream if its body can be sent again (none, or
     * read to its end and kept), without spending the retry budget.
     */
    private void refused(ClientExchange result) {
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

    private final Pump.Outcome requestOutcome = new Pump.Outcome() {
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
    };

    private final Pump.Outcome responseOutcome = new Pump.Outcome() {
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
    };

    // ---- timeout and completion ----

    /** A timer fired: the request timeout, or an idle check. */
    @Override
    public void run() {
        if (phase == Phase.DONE) {
            return;
        }
        if (timer == Phase.Timer.IDLE) {
            idleCheck();
        } else if (!phase.answered()) {
            requestTimedOut();
        }
    }

    private void idleCheck() {
        long last = idleSince;
        if (requestPump != null && requestPump.lastProgress() - last > 0) {
            last = requestPump.lastProgress();
        }
        if (responsePump != null && responsePump.lastProgress() - last > 0) {
            last = responsePump.lastProgress();
        }
        long idleMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - last);
        if (idleMs < route.idleTimeoutMillis()) {
            route.timers().start(exchange.getIoThread(), this, route.idleCheckMillis());
            return;
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("{}: nothing moved for {} ms", describe(), idleMs);
        }
        if (phase.answered()) {
            abort(); // the download stalled (the upstream's or the client's reading): the response cannot be finished
        } else if (requestPump != null && !requestPump.completed() && !requestPump.waitingOnSink()) {
            clientFault(new RequestBodyTimeoutException(route.idleTimeoutMillis())); // the client stopped sending
        } else {
            if (upstreamExchange != null && (requestPump == null || requestPump.waitingOnSink() || requestPump.completed())) {
                upstream.failed(route.now()); // it stopped reading the upload, or never answered
            }
            fail(ErrorCodes.PROXY_STREAM_IDLE, describe(), route.idleTimeoutMillis());
        }
    }

    /** The request timeout: no response headers within the time allowed after the request was sent. */
    private void requestTimedOut() {
        if (LOG.isDebugEnabled()) {
            LOG.debug("{} timed out after {} ms: {}", describe(), timeoutMs, upstreamExchange != null ? "sent to " + upstream
                    + " on " + conn.connection() : conn != null ? "connection leased, not sent" : "waiting for a connection to " + upstream);
        }
        if (upstream != null && upstreamExchange != null) {
            upstream.failed(route.now()); // sent and unanswered: the upstream is slow (waiting for our own pool is not its fault)
        }
        fail(ErrorCodes.PROXY_UPSTREAM_TIMEOUT, describe(), timeoutMs);
    }

    /** A backstop: normally {@link #end} already ran when the response was pumped, failed or aborted. */
    @Override
    public void exchangeEvent(HttpServerExchange ex, NextListener next) {
        try {
            if (requestPump != null) {
                requestPump.abort(); // stops moving bytes; what it had done still counts in end()
            }
            if (responsePump != null) {
                responsePump.abort();
            }
            end();
        } finally {
            next.proceed();
        }
    }

    /**
     * Any phase to {@link Phase#DONE}: stops the timer, gives the upstream connection back (or closes
     * it, or resets the stream, when the phase left it in an unknown state) and ends this request's
     * count on its upstream. Runs as soon as the proxy is done with the request, without waiting for
     * Undertow to complete the exchange: a client that reset its HTTP/2 stream or vanished must not
     * keep an upstream connection. Idempotent.
     */
    private void end() {
        Phase was = phase;
        moveTo(Phase.DONE);
        cancelTimer();
        PooledConnection c = conn;
        if (c != null) {
            conn = null;
            if (was != Phase.TUNNELED) {
                boolean clean = was == Phase.WAITING // nothing was sent on it
                        || was == Phase.ANSWERED && uploadEnded() && responsePump != null && responsePump.sourceEnded();
                if (!clean && c.multiplexed() && upstreamExchange != null) {
                    // reset just this stream; the connection goes on carrying the others
                    IoUtils.safeClose(upstreamExchange.getRequestChannel());
                    if (was == Phase.ANSWERED) {
                        IoUtils.safeClose(upstreamExchange.getResponseChannel());
                    }
                    clean = true;
                }
                c.release(clean && !lastOnConnection);
            }
        }
        if (upstream != null) {
            route.upstreams().done(upstream);
            upstream = null;
        }
    }

    /** Every byte of the request reached the upstream: its body pump, or the write of the kept copy, completed. */
    private boolean uploadEnded() {
        return (requestPump == null || requestPump.completed()) && (replayWrite == null || replayWrite.written());
    }

    /**
     * The client broke its request (a body shorter or longer than declared, a stalled or oversized
     * upload, a reset): the upstream side is reset or closed without counting against it, and the
     * client gets 408/413 when that is the cause, else 400, when the response has not started.
     */
    private void clientFault(IOException e) {
        end();
        if (exchange.isResponseStarted()) {
            abort();
            return;
        }
        if (RequestBodies.answerReadFailure(route.errors(), exchange, e)) {
            return;
        }
        exchange.setPersistent(false);
        route.errors().send(exchange, ErrorCodes.BAD_REQUEST_FRAMING, "the request body broke off or does not match its Content-Length");
    }

    private void retryOrFail(boolean neverSent, boolean upstreamAtFault, String code, Object... args) {
        retryOrFail(neverSent, upstreamAtFault, true, code, args);
    }

    /** @param budgeted the retry spends the retry budget (not when the upstream refused unprocessed: it did no work) */
    private void retryOrFail(boolean neverSent, boolean upstreamAtFault, boolean budgeted, String code, Object... args) {
        if (conn != null) {
            PooledConnection c = conn;
            conn = null;
            c.release(c.multiplexed() && c.connection().isOpen());
        }
        upstreamExchange = null;
        current = null;
        boolean replayable = neverSent || (!hasBody && RequestShape.idempotent(exchange.getRequestMethod()));
        if ((phase == Phase.WAITING || phase == Phase.SENDING || phase == Phase.SENT) && replayable && attempt < route.maxRetries()
                && (!budgeted || route.upstreams().retries().tryRetry())) {
            attempt++;
            moveTo(Phase.WAITING);
            Upstream previous = upstream;
            route.upstreams().done(previous);
            upstream = route.upstreams().pick(upstreamAtFault ? previous : null);
            if (upstream == null) { // this request's own failures ejected the last one: report the cause
                fail(code, args);
                return;
            }
            upstream.pool().acquire(this);
            return;
        }
        fail(code, args);
    }

    /** Answers the error JSON, or aborts when the response has already started. */
    private void fail(String code, Object... args) {
        if (exchange.isResponseStarted()) {
            abort();
            return;
        }
        if (hasBody && !exchange.isRequestComplete()) {
            exchange.setPersistent(false); // do not read an unsent upload to its end just to reuse the connection
        }
        end();
        route.errors().send(exchange, code, args);
    }

    /** Ends the exchange without an answer: an HTTP/2 stream is reset, an HTTP/1.1 connection closed. */
    private void abort() {
        if (conn != null && !conn.multiplexed() && phase != Phase.TUNNELED) {
            IoUtils.safeClose(conn.connection());
        }
        end();
        if (exchange.getProtocol().equals(Protocols.HTTP_2_0)) {
            IoUtils.safeClose(exchange.getResponseChannel());
        } else {
            IoUtils.safeClose(exchange.getConnection());
        }
    }

    private void cancelTimer() {
        timer = Phase.Timer.NONE;
        route.timers().stop(this);
    }

    /** Every change of phase goes through here; the legal ones are {@link Phase}'s table (checked with -ea, as in the tests). */
    private void moveTo(Phase next) {
        assert phase.canMoveTo(next) : describe() + ": " + phase + " -> " + next;
        phase = next;
    }

    private String describe() {
        return exchange.getRequestMethod() + " " + exchange.getRequestPath();
    }
}
