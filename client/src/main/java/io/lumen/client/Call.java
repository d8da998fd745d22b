package io.lumen.client;

import io.lumen.client.pool.Lease;
import io.lumen.client.pool.PooledConnection;
import io.undertow.connector.ByteBufferPool;
import io.undertow.util.HttpString;
import org.xnio.XnioIoThread;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.concurrent.CompletableFuture;

/**
 * One send of a {@link Request}: its future, its timeout, its retries, and the lease that borrows
 * a connection from its origin's {@link io.lumen.client.pool.ConnectionPool}; the bytes of each
 * attempt are its {@link Attempt} half. This object is the only per-request allocation of the
 * client besides Undertow's own request, exchange and header map, the response and its body (a
 * retry is a new one). It is its own timeout node.
 *
 * <p>Every attempt runs on its origin's home IO thread ({@link Origin}). Completion is decided once,
 * by a compare-and-set on {@code done}: the response, a failure and the timeout race for it, and
 * the loser only cleans up. The future completes on that IO thread; callers that block should hop
 * themselves.
 */
final class Call extends Attempt implements Lease {
    /** A Lumen service's mark on a request it refused without processing it (see LumenServer.stop). */
    private static final HttpString UNPROCESSED = new HttpString("Lumen-Unprocessed");
    private static final String H1 = "HTTP/1.1";
    private static final String H2 = "HTTP/2.0";

    private final Origins origins;
    /** The origin of this attempt: a retry to a discovered origin may take another address's. */
    private final Origin origin;
    private final Request request;
    private final long timeoutMs;
    final CompletableFuture<Response> future;
    /** The first attempt: the one whose timer runs for the whole send. */
    private final Call first;

    private int attempts;
    private int stale;
    private boolean failing;
    /** The call that carries on after this attempt failed; late callbacks of this attempt are ignored. */
    private volatile Call successor;


    Call(ClientContext context, Origins origins, Origin origin, Request request, long timeoutMs) {
        super(context);
        this.origins = origins;
        this.origin = origin;
        this.request = request;
        this.timeoutMs = timeoutMs;
        this.future = new CompletableFuture<>();
        this.first = this;
    }

    /** The next attempt (on {@code next}): same future, timer and counters, fresh per-attempt state. */
    private Call(Call previous, Origin next) {
        super(previous.context);
        this.origins = previous.origins;
        this.origin = next;
        this.request = previous.request;
        this.timeoutMs = previous.timeoutMs;
        this.future = previous.future;
        this.first = previous.first;
        this.attempts = previous.attempts;
        this.stale = previous.stale;
    }

    /** Hands the request to a new attempt on {@code next}; this object then ignores its own late callbacks. */
    private void retry(Origin next) {
        Call call = new Call(this, next);
        successor = call;
        if (DONE.compareAndSet(this, 0, 2)) {
            next.onHome(call::acquire);
        }
    }

    void start() {
        if (!origin.breaker.allow()) {
            done = 1;
            future.completeExceptionally(context.errors.circuitOpen(origin.origin));
            return;
        }
        if (Thread.currentThread() == origin.home) {
            begin(); // a send from a response callback of this origin: no task, not even a method reference
        } else {
            origin.onHome(this::begin);
        }
    }

    /** The first attempt, on the home thread: the send's timer starts, then the connection is asked for. */
    private void begin() {
        if (Thread.currentThread() == origin.home) {
            context.timers.start(origin.home, this, timeoutMs);
        }
        acquire();
    }

    /** Asks the origin's pool for a connection (on the home thread); {@link #leased} or {@link #leaseFailed} follows. */
    private void acquire() {
        if (done != 0) {
            return; // timed out before its turn came
        }
        if (context.isClosed() || Thread.currentThread() != origin.home) {
            // off the home thread only when the worker refused the task: its IO threads are stopping
            fail(context.errors.closedBeforeSend(origin.origin, new IllegalStateException("client closed")));
            return;
        }
        origin.pool.acquire(this);
    }

    @Override
    public XnioIoThread ioThread() {
        return origin.home;
    }

    @Override
    public ByteBufferPool bufferPool() {
        return context.bufferPool();
    }

    @Override
    public boolean upgrade() {
        return false;
    }

    @Override
    public boolean abandoned() {
        return done != 0;
    }

    @Override
    public void leased(PooledConnection c) {
        send(c, request);
    }

    @Override
    public void leaseFailed(Failure failure, IOException cause) {
        if (failure == Failure.BUSY) {
            fail(context.errors.poolExhausted(origin.origin, context.settings.maxQueue()));
            return;
        }
        ClientException error = origin.tlsFailure();
        if (error == null) {
            error = context.isClosed() ? context.errors.closedBeforeSend(origin.origin, cause)
                    : cause instanceof SocketTimeoutException
                    ? context.errors.connectTimeout(origin.origin, context.settings.connectTimeout())
                    : context.errors.connectFailed(origin.origin, cause);
        }
        fail(error);
    }

    @Override
    public void failed(IOException e) {
        if (failing) {
            return; // Undertow may report one failure twice, even re-entrantly while we close the connection
        }
        failing = true;
        PooledConnection c = conn;
        if (c != null) {
            releaseOnce(reusable(c)); // also when the timeout won meanwhile: the slot still has to go back
        }
        if (done != 0) {
            return;
        }
        ClientException error = origin.tlsFailure();
        if (error == null) {
            error = exchange == null
                    ? context.errors.closedBeforeSend(origin.origin, e) : context.errors.exchangeFailed(origin.origin, e);
        }
        if (exchange == null && stale < 3 && !context.isClosed()) {
            // a pooled connection found dead before anything was written: take another, no retry spent
            stale++;
            retry(origin);
            return;
        }
        fail(error);
    }

    @Override
    void tooLarge() {
        stopReading();
        if (!DONE.compareAndSet(this, 0, 1)) {
            return;
        }
        context.timers.stop(first);
        abortAttempt();
        origin.breaker.neutral();
        future.completeExceptionally(context.errors.protocol(origin.origin, "response body larger than maxResponseSize "
                + context.settings.maxResponseSize(), null));
    }

    @Override
    void responded() {
        if (status == 503 && done == 0 && headers != null && headers.contains(UNPROCESSED) && refusedAgain()) {
            return;
        }
        if (!DONE.compareAndSet(this, 0, 1)) {
            return;
        }
        PooledConnection c = conn;
        Response response = new Response(status, headers, body.toBytes(), c.multiplexed() ? H2 : H1);
        context.timers.stop(first);
        releaseOnce(true);
        origin.breaker.success();
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
        Origin next = origins.retryOrigin(request, origin);
        if (!next.breaker.allow()) {
            return false;
        }
        attempts++;
        releaseOnce(true); // the refusal was read whole; a closing connection is not lent again
        origin.breaker.neutral();
        retry(next);
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
            origin.breaker.neutral();
        } else {
            origin.breaker.failure();
        }
        if (!local && done == 0 && attempts < context.settings.maxRetries() && !context.isClosed()
                && (error.notSent() || request.idempotent())) {
            attempts++;
            Origin next = origins.retryOrigin(request, origin); // another address of a discovered name
            if (next.breaker.allow()) {
                retry(next);
                return;
            }
            error = context.errors.circuitOpen(next.origin);
        }
        if (DONE.compareAndSet(this, 0, 1)) {
            context.timers.stop(first);
            future.completeExceptionally(error);
        }
    }

    /**
     * The send's timer fired (on the first attempt's home thread): the attempt under way now times
     * out, on its own home thread.
     */
    @Override
    public void run() {
        Call current = this;
        for (Call next = successor; next != null; next = next.successor) {
            current = next;
        }
        current.origin.onHome(current::timedOut);
    }

    private void timedOut() {
        if (!DONE.compareAndSet(this, 0, 1)) {
            return;
        }
        origin.pool.cancel(this); // when it still waits for a connection: out of the queue now
        abortAttempt();
        origin.breaker.failure();
        future.completeExceptionally(context.errors.timeout(origin.origin, timeoutMs));
    }
}
