package io.lumen.server;

import io.undertow.server.HttpServerExchange;
import io.undertow.server.RequestTooBigException;
import io.undertow.server.protocol.http.HttpContinue;
import org.xnio.XnioExecutor;
import org.xnio.conduits.AbstractStreamSourceConduit;
import org.xnio.conduits.ConduitReadableByteChannel;
import org.xnio.conduits.Conduits;
import org.xnio.conduits.StreamSourceConduit;
import org.xnio.channels.StreamSinkChannel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.TimeUnit;

/**
 * The request body as every handler reads it (see {@link RequestBodies}). It does three things a
 * handler should not have to think about:
 * <ol>
 * <li>{@code Expect: 100-continue}: the {@code 100 Continue} goes out when something first reads;
 *     when the declared length is already over the limit, the read fails instead and no 100 is sent.</li>
 * <li>The size limit: Undertow's own check is switched off for this exchange and done here, so a body
 *     over the limit fails the read with {@link BodyTooLargeException} without Undertow tearing the
 *     connection down. The handler answers 413.</li>
 * <li>The rest of a body nobody read (after a 413, a 401, ...) is read and thrown away when the
 *     exchange ends, up to {@link RequestBodies#DISCARD_LIMIT} bytes (Undertow's own drain has no
 *     bound): a client still sending sees the answer instead of a reset and the connection is reused;
 *     more than that closes the connection.</li>
 * <li>The idle timeout: a read that waits longer than {@code requestBodyIdleTimeout} since the last
 *     byte fails with {@link RequestBodyTimeoutException}; an asynchronous reader waiting for a read
 *     event is woken by a timer to see it, a blocking reader never waits longer.</li>
 * </ol>
 * Used by one exchange: asynchronous reads on its IO thread, blocking reads on one worker thread.
 */
final class BodyConduit extends AbstractStreamSourceConduit<StreamSourceConduit> implements Runnable {
    private final HttpServerExchange exchange;
    private final long limit;
    private final long idleNanos;
    private final long idleMillis;
    private HttpContinue.ContinueResponseSender continueSender;
    private boolean lengthChecked;
    private boolean continuePending;
    private long received;
    private boolean over;
    private boolean expired;
    /** Bytes received when the exchange ended and the rest began to be thrown away; -1 before. */
    private long discardFrom = -1;
    private long lastProgress;
    private XnioExecutor.Key timer;

    /**
     * @param limit      the most bytes the body may have (0: no limit)
     * @param idleMillis how long a read may wait for the next byte (0: no limit)
     */
    BodyConduit(StreamSourceConduit next, HttpServerExchange exchange, long limit, long idleMillis, boolean expectContinue) {
        super(next);
        this.exchange = exchange;
        this.limit = limit;
        this.idleMillis = idleMillis;
        this.idleNanos = TimeUnit.MILLISECONDS.toNanos(idleMillis);
        this.continuePending = expectContinue;
        this.lastProgress = idleMillis > 0 ? System.nanoTime() : 0;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (!ready()) {
            return 0;
        }
        return (int) account(readNext(dst));
    }

    @Override
    public long read(ByteBuffer[] dsts, int offs, int len) throws IOException {
        if (!ready()) {
            return 0;
        }
        long n;
        try {
            n = next.read(dsts, offs, len);
        } catch (IOException e) {
            throw broken(e);
        }
        return account(n);
    }

    private int readNext(ByteBuffer dst) throws IOException {
        try {
            return next.read(dst);
        } catch (IOException e) {
            throw broken(e);
        }
    }

    /** A failure of the conduits beneath (a body shorter than its Content-Length, a bad chunk) as one type. */
    private static IOException broken(IOException e) {
        return e instanceof RequestTooBigException || e instanceof BrokenBodyException ? e : new BrokenBodyException(e);
    }

    @Override
    public long transferTo(long position, long count, FileChannel target) throws IOException {
        return target.transferFrom(new ConduitReadableByteChannel(this), position, count); // through read()
    }

    @Override
    public long transferTo(long count, ByteBuffer throughBuffer, StreamSinkChannel target) throws IOException {
        return Conduits.transfer(this, count, throughBuffer, target); // through read()
    }

    /** Fails a read that must fail; sends the 100 Continue first when it is due. False: try again later. */
    private boolean ready() throws IOException {
        if (expired) {
            throw new RequestBodyTimeoutException(idleMillis);
        }
        if (exchange.isResponseComplete()) {
            startDiscarding(); // the exchange is over: Undertow reads the rest to reuse the connection
            return true;
        }
        if (over) {
            throw new BodyTooLargeException(limit); // the handler reads again without answering
        }
        if (!lengthChecked) {
            lengthChecked = true;
            long declared = exchange.getRequestContentLength();
            if (limit > 0 && declared > limit) {
                continuePending = false; // refused before the client sends it: no 100, a final 413 instead
                tooLarge(declared);
            }
        }
        if (continuePending) {
            return sendContinue();
        }
        return true;
    }

    private void startDiscarding() throws IOException {
        if (discardFrom >= 0) {
            return;
        }
        discardFrom = received;
        continuePending = false;
        long declared = exchange.getRequestContentLength();
        if (declared - received > RequestBodies.DISCARD_LIMIT) {
            throw new IOException("the rest of the request body is too large to read and discard");
        }
    }

    private boolean sendContinue() throws IOException {
        if (continueSender == null) {
            try {
                continueSender = HttpContinue.createResponseSender(exchange);
            } catch (IOException e) {
                continuePending = false; // the response has begun: a 100 is no longer possible
                return true;
            }
        }
        if (!continueSender.send()) {
            return false;
        }
        continueSender = null;
        continuePending = false;
        return true;
    }

    private long account(long n) throws IOException {
        if (n > 0) {
            received += n;
            if (idleNanos > 0) {
                lastProgress = System.nanoTime();
            }
            if (discardFrom >= 0) {
                if (received - discardFrom > RequestBodies.DISCARD_LIMIT) {
                    // the client keeps sending after the answer: stop reading, the connection closes
                    throw new IOException("more than " + RequestBodies.DISCARD_LIMIT + " bytes to discard");
                }
            } else if (limit > 0 && received > limit && !over) {
                tooLarge(exchange.getRequestContentLength());
            }
        } else if (n == 0) {
            if (idleNanos > 0) {
                waiting();
            }
        } else {
            cancelTimer();
        }
        return n;
    }

    private void tooLarge(long declared) throws BodyTooLargeException {
        over = true;
        if (declared > limit + RequestBodies.DISCARD_LIMIT) {
            exchange.setPersistent(false); // too much to read and throw away: close after the answer
        }
        throw new BodyTooLargeException(limit);
    }

    /** A read found nothing: time out when the last byte is too long ago, else make sure a timer will look. */
    private void waiting() throws RequestBodyTimeoutException {
        long idle = System.nanoTime() - lastProgress;
        if (idle >= idleNanos) {
            expired = true;
            cancelTimer();
            exchange.setPersistent(false); // the rest of the body may still come: the connection is not reusable
            throw new RequestBodyTimeoutException(idleMillis);
        }
        if (timer == null && exchange.isInIoThread()) { // a blocking reader is bounded in awaitReadable instead
            timer = exchange.getIoThread().executeAfter(this, idleNanos - idle, TimeUnit.NANOSECONDS);
        }
    }

    /** The idle timer: wakes a waiting asynchronous reader so that its next read sees the timeout. */
    @Override
    public void run() {
        timer = null;
        if (expired || !next.isReadResumed()) {
            return; // nobody waits for the body (the handler is busy elsewhere): not the client's delay
        }
        long idle = System.nanoTime() - lastProgress;
        if (idle < idleNanos) {
            timer = exchange.getIoThread().executeAfter(this, idleNanos - idle, TimeUnit.NANOSECONDS);
        } else {
            next.wakeupReads(); // the reader's listener runs, reads nothing and gets the timeout
        }
    }

    private void cancelTimer() {
        XnioExecutor.Key t = timer;
        if (t != null) {
            timer = null;
            t.remove();
        }
    }

    @Override
    public void awaitReadable() throws IOException {
        if (continuePending && continueSender != null) {
            continueSender.awaitWritable(); // the 100 could not be flushed yet; the next read sends the rest
            return;
        }
        if (idleNanos <= 0 || expired || continuePending) {
            super.awaitReadable();
            return;
        }
        long left = idleNanos - (System.nanoTime() - lastProgress);
        if (left > 0) {
            super.awaitReadable(left, TimeUnit.NANOSECONDS); // the next read times out if nothing came
        }
    }

    @Override
    public void awaitReadable(long time, TimeUnit unit) throws IOException {
        if (continuePending && continueSender != null) {
            continueSender.awaitWritable(time, unit);
            return;
        }
        if (idleNanos <= 0 || expired || continuePending) {
            super.awaitReadable(time, unit);
            return;
        }
        long left = idleNanos - (System.nanoTime() - lastProgress);
        if (left > 0) {
            super.awaitReadable(Math.min(unit.toNanos(time), left), TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void terminateReads() throws IOException {
        cancelTimer();
        if (over && exchange.isPersistent()) {
            // a reader gives up after the 413 (a blocking stream closes): keep the rest of the body
            // for Undertow to read and throw away when the exchange ends, so the connection is reused
            return;
        }
        super.terminateReads();
    }
}
