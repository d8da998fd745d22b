package io.lumen.client;

import io.undertow.client.ClientCallback;
import io.undertow.client.ClientExchange;
import io.undertow.client.ClientRequest;
import io.undertow.client.ClientResponse;
import io.undertow.protocols.http2.Http2StreamSinkChannel;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import org.xnio.ChannelListener;
import org.xnio.channels.StreamSinkChannel;
import org.xnio.channels.StreamSourceChannel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One send of a {@link Request}: its future, its timeout, and the callbacks of each attempt. This
 * object is the only per-request allocation of the client besides Undertow's own request, exchange
 * and header map, the response and its body: it is the connection callback, the response listener,
 * the body writer and the reader's listener (its {@link ResponseBody} reads), the timeout task and
 * its own node in the pool's deadline list.
 *
 * <p>Completion is decided once, by a compare-and-set on {@link #done}: the response, a failure and
 * the timeout race for it, and the loser only cleans up. The future completes on the IO thread
 * that read the response (or on the timeout ticker's IO thread); callers that block should hop themselves.
 */
final class Call implements ClientCallback<ClientExchange>, ChannelListener<Channel>, Runnable {
    private static final AtomicIntegerFieldUpdater<Call> DONE = AtomicIntegerFieldUpdater.newUpdater(Call.class, "done");
    /** A Lumen service's mark on a request it refused without processing it (see LumenServer.stop). */
    private static final HttpString UNPROCESSED = new HttpString("Lumen-Unprocessed");
    private static final AtomicIntegerFieldUpdater<Call> RELEASED =
            AtomicIntegerFieldUpdater.newUpdater(Call.class, "released");
    private static final String H1 = "HTTP/1.1";
    private static final String H2 = "HTTP/2.0";

    private final ClientContext context;
    private final Origins origins;
    /** The pool of this attempt: a retry to a discovered origin may take another address's. */
    private final OriginPool pool;
    private final Request request;
    private final long timeoutMs;
    final CompletableFuture<Response> future;

    private volatile int done;
    private volatile int released;
    private volatile Conn conn;
    private volatile ClientExchange exchange;
    /** System.nanoTime() at which the request times out. */
    final long deadline;
    /** This call as a node of its pool's {@link DeadlineList} (guarded by the pool's lock). */
    Call prevTimed;
    Call nextTimed;
    boolean timed;
    private int attempts;
    private int stale;
    private boolean failing;
    /** The call that carries on after this attempt failed; late callbacks of this attempt are ignored. */
    private volatile Call successor;
    /** Guarded by the pool's lock. */
    boolean queued;

    private boolean responsePhase;
    private ByteBuffer out;
    private boolean writesShut;
    private int status;
    private HeaderMap headers;
    private ResponseBody body;
    private boolean reading;

    Call(ClientContext context, Origins origins, OriginPool pool, Request request, long timeoutMs) {
        this.context = context;
        this.origins = origins;
        this.pool = pool;
        this.request = request;
        this.timeoutMs = timeoutMs;
        this.future = new CompletableFuture<>();
        this.deadline = System.nanoTime() + timeoutMs * 1_000_000L;
    }

    /** The next attempt (on {@code pool}): same future, deadline and counters, fresh per-attempt state. */
    private Call(Call previous, OriginPool pool) {
        this.context = previous.context;
        this.origins = previous.origins;
        this.pool = pool;
        this.request = previous.request;
        this.timeoutMs = previous.timeoutMs;
        this.future = previous.future;
        this.deadline = previous.deadline;
        this.attempts = previous.attempts;
        this.stale = previous.stale;
    }

    /** Hands the request to a new attempt on {@code nextPool}; this object then ignores its own late callbacks. */
    private void retry(OriginPool nextPool) {
        Call next = new Call(this, nextPool);
        successor = next;
        pool.untrack(this); // the next attempt takes this one's place in the deadline list
        if (DONE.compareAndSet(this, 0, 2)) {
            nextPool.acquire(next);
        }
    }

    void start() {
        if (!pool.breaker.allow()) {
            done = 1;
            future.completeExceptionally(context.errors.circuitOpen(pool.origin));
            return;
        }
        pool.acquire(this); // also puts this call in the pool's deadline list
    }

    /** Sends this attempt on {@code c}, whose slot the pool already counted for us. */
    void dispatch(Conn c) {
        conn = c;
        exchange = null;
        released = 0;
        responsePhase = false;
        if (done != 0) {
            releaseOnce(true);
            return;
        }
        ClientRequest cr = request.toClientRequest();
        byte[] b = request.body();
        out = b == null || b.length == 0 ? null : ByteBuffer.wrap(b);
        writesShut = false;
        try {
            c.beforeSend();
            c.connection.sendRequest(cr, this);
        } catch (RuntimeException e) {
            failed(new IOException(e));
        }
    }

    /** First call: the request went out (the exchange exists); second call: the response head arrived. */
    @Override
    public void completed(ClientExchange ex) {
        if (!responsePhase) {
            responsePhase = true;
            exchange = ex;
            if (done != 0) {
                abortAttempt();
                return;
            }
            ex.setResponseListener(this);
            if (out != null) {
                writeBody(ex.getRequestChannel());
            }
            return;
        }
        if (done != 0) {
            abortAttempt(); // the timeout won; make sure this attempt's slot is returned
            return;
        }
        ClientResponse r = ex.getResponse();
        status = r.getResponseCode();
        headers = r.getResponseHeaders();
        String cl = headers.getFirst(Headers.CONTENT_LENGTH);
        Long announced = null;
        if (cl != null) {
            try {
                announced = Long.parseLong(cl);
            } catch (NumberFormatException e) {
                failed(new IOException("bad Content-Length '" + cl + "'"));
                return;
            }
        }
        body = new ResponseBody(context.settings.maxResponseSize());
        if (!body.start(announced)) {
            tooLarge();
            return;
        }
        reading = true;
        readBody(ex.getResponseChannel());
    }

    @Override
    public void failed(IOException e) {
        if (failing) {
            return; // Undertow may report one failure twice, even re-entrantly while we close the connection
        }
        failing = true;
        if (done != 0) {
            Conn held = conn; // timed out meanwhile: the slot still has to go back
            if (held != null) {
                releaseOnce(held.multiplexed && held.connection.isOpen());
            }
            return;
        }
        Conn c = conn;
        ClientException error = pool.tlsFailure();
        if (error == null) {
            error = exchange == null
                    ? context.errors.closedBeforeSend(pool.origin, e) : context.errors.exchangeFailed(pool.origin, e);
        }
        if (c != null) {
            releaseOnce(c.multiplexed && c.connection.isOpen());
        }
        if (exchange == null && stale < 3 && !context.isClosed()) {
            // a pooled connection found dead before anything was written: take another, no retry spent
            stale++;
            retry(pool);
            return;
        }
        fail(error);
    }

    /** Body reads (response channel) and writes (request channel) resume here. */
    @Override
    public void handleEvent(Channel channel) {
        if (channel instanceof StreamSourceChannel in) {
            readBody(in);
        } else {
            writeBody((StreamSinkChannel) channel);
        }
    }

    private void writeBody(StreamSinkChannel sink) {
        try {
            ByteBuffer b = out;
            while (b != null && b.hasRemaining()) {
                if (sink.write(b) == 0) {
                    sink.getWriteSetter().set(this);
                    sink.resumeWrites();
                    return;
                }
            }
            if (!writesShut) {
                writesShut = true;
                sink.shutdownWrites();
            }
            if (!sink.flush()) {
                sink.getWriteSetter().set(this);
                sink.resumeWrites();
                return;
            }
            sink.suspendWrites();
        } catch (IOException e) {
            failed(e);
        }
    }

    private void readBody(StreamSourceChannel in) {
        if (done != 0 || !reading) {
            return;
        }
        int read;
        try {
            read = body.readFrom(in, context.bufferPool(), this);
        } catch (IOException e) {
            reading = false;
            failed(e);
            return;
        }
        if (read == ResponseBody.TOO_LARGE) {
            tooLarge();
        } else if (read == ResponseBody.ENDED) {
            reading = false;
            finish();
        }
    }

    private void tooLarge() {
        reading = false;
        if (!DONE.compareAndSet(this, 0, 1)) {
            return;
        }
        pool.untrack(this);
        abortAttempt();
        pool.breaker.neutral();
        future.completeExceptionally(context.errors.protocol(pool.origin, "response body larger than maxResponseSize "
                + context.settings.maxResponseSize(), null));
    }

    private void finish() {
        if (status == 503 && done == 0 && headers != null && headers.contains(UNPROCESSED) && refusedAgain()) {
            return;
        }
        if (!DONE.compareAndSet(this, 0, 1)) {
            return;
        }
        Conn c = conn;
        Response response = new Response(status, headers, body.toBytes(), c.multiplexed ? H2 : H1);
        if (RELEASED.compareAndSet(this, 0, 1)) {
            pool.release(c, true, this); // slot back and out of the deadline list under one lock
        } else {
            pool.untrack(this);
        }
        pool.breaker.success();
        future.complete(response);
    }

    /**
     * The server refused the request before any handler saw it (a Lumen service draining: 503 with
     * {@code Lumen-Unprocessed}): sent again, whatever its method, to another address of a discovered
     * origin or on a new connection, within {@code maxRetries}. Neither a success nor a failure for
     * the breaker. False when no attempt is left: the 503 is the answer.
     */
    private boolean refusedAgain() {
        if (attempts >= context.settings.maxRetries() || context.isClosed()) {
            return false;
        }
        OriginPool nextPool = origins.retryPool(request, pool);
        if (!nextPool.breaker.allow()) {
            return false;
        }
        attempts++;
        Conn c = conn;
        if (c != null && RELEASED.compareAndSet(this, 0, 1)) {
            pool.release(c, true, null); // the refusal was read whole; a closing connection is not lent again
        }
        pool.breaker.neutral();
        retry(nextPool);
        return true;
    }

    /** Fails this attempt: retries when allowed, else completes the future with {@code error}. */
    void fail(ClientException error) {
        if (done != 0) {
            return;
        }
        String code = error.code();
        boolean local = code.equals(ClientException.POOL_EXHAUSTED) || code.equals(ClientException.CIRCUIT_OPEN);
        if (local) {
            pool.breaker.neutral();
        } else {
            pool.breaker.failure();
        }
        if (!local && done == 0 && attempts < context.settings.maxRetries() && !context.isClosed()
                && (error.notSent() || request.idempotent())) {
            attempts++;
            OriginPool nextPool = origins.retryPool(request, pool); // another address of a discovered name
            if (nextPool.breaker.allow()) {
                retry(nextPool);
                return;
            }
            error = context.errors.circuitOpen(nextPool.origin);
        }
        if (DONE.compareAndSet(this, 0, 1)) {
            pool.untrack(this);
            future.completeExceptionally(error);
        }
    }

    /** The request timed out (called by the pool's deadline sweep, already out of the list). */
    @Override
    public void run() {
        Call next = successor;
        if (next != null) {
            next.run();
            return;
        }
        if (!DONE.compareAndSet(this, 0, 1)) {
            return;
        }
        pool.removeWaiter(this);
        abortAttempt();
        pool.breaker.failure();
        future.completeExceptionally(context.errors.timeout(pool.origin, timeoutMs));
    }

    /** Cancels what this attempt holds: HTTP/2 resets its stream, HTTP/1.1 closes its connection. */
    private void abortAttempt() {
        Conn c = conn;
        ClientExchange ex = exchange;
        if (c == null || ex == null) {
            return; // queued, or the send callback will see done and come back here
        }
        if (released != 0) {
            return;
        }
        if (c.multiplexed && c.h2 != null && ex.getRequestChannel() instanceof Http2StreamSinkChannel s) {
            c.reset(s.getStreamId());
            pool.countReset(c);
            releaseOnce(true);
        } else {
            releaseOnce(false); // the pool closes the HTTP/1.1 connection: its request cannot be taken back
        }
    }

    private void releaseOnce(boolean reusable) {
        Conn c = conn;
        if (c != null && RELEASED.compareAndSet(this, 0, 1)) {
            pool.release(c, reusable, null);
        }
    }
}
