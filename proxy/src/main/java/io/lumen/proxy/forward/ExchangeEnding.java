package io.lumen.proxy.forward;

import io.lumen.client.pool.PooledConnection;
import io.lumen.http.RequestShape;
import io.lumen.proxy.upstream.Upstream;
import io.lumen.server.RequestBodies;
import io.lumen.server.RequestBodyTimeoutException;
import io.lumen.status.ErrorCodes;
import io.undertow.server.ExchangeCompletionListener;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Protocols;
import org.xnio.IoUtils;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * How a proxied request stops or starts over: its timers (the request timeout once the request is
 * sent, the idle check before and after), another try after a failure ({@link #retryOrFail}), the
 * error JSON ({@link #fail}), an abort once the response has started, a client's broken upload
 * ({@link #clientFault}), and {@link #end}: the one way to {@link Phase#DONE}, which gives the
 * upstream connection back or closes it as the phase it ended in says. Confined to the request's IO thread.
 */
abstract class ExchangeEnding extends ExchangeState implements ExchangeCompletionListener {

    ExchangeEnding(Forwarder route, HttpServerExchange exchange, long timeoutMs, String path) {
        super(route, exchange, timeoutMs, path);
    }

    /** The request is with the upstream: from now its timeout runs until the response headers. */
    void requestSent() {
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

    void idleCheck() {
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
    void requestTimedOut() {
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
    void end() {
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

    /**
     * The client broke its request (a body shorter or longer than declared, a stalled or oversized
     * upload, a reset): the upstream side is reset or closed without counting against it, and the
     * client gets 408/413 when that is the cause, else 400, when the response has not started.
     */
    void clientFault(IOException e) {
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

    void retryOrFail(boolean neverSent, boolean upstreamAtFault, String code, Object... args) {
        retryOrFail(neverSent, upstreamAtFault, true, code, args);
    }

    /** @param budgeted the retry spends the retry budget (not when the upstream refused unprocessed: it did no work) */
    void retryOrFail(boolean neverSent, boolean upstreamAtFault, boolean budgeted, String code, Object... args) {
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
    void fail(String code, Object... args) {
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
    void abort() {
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
}
