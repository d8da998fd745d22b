package io.lumen.client;

import io.lumen.client.pool.PooledConnection;
import io.lumen.client.pool.RequestTimers;
import io.undertow.client.ClientCallback;
import io.undertow.client.ClientExchange;
import io.undertow.client.ClientRequest;
import io.undertow.client.ClientResponse;
import io.undertow.protocols.http2.Http2StreamSinkChannel;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import org.xnio.ChannelListener;
import org.xnio.channels.StreamSinkChannel;
import org.xnio.channels.StreamSourceChannel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channel;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * The exchange of one attempt on one pooled connection: writing the request and its body, reading
 * the response head and body within {@code maxResponseSize}, and giving the connection back once
 * (an HTTP/2 stream reset or an HTTP/1.1 connection closed when the attempt is cut short). The
 * {@link Call} it is decides what an outcome means (retry, breaker, future); this half only moves
 * bytes, so that both stay readable. One object with {@code Call}: a send allocates nothing more.
 *
 * <p>{@link #done} is the one compare-and-set the response, a failure and the timeout race for:
 * 0 running, 1 completed, 2 handed to a retry.
 */
abstract class Attempt extends RequestTimers.Timed implements ClientCallback<ClientExchange>, ChannelListener<Channel> {
    static final AtomicIntegerFieldUpdater<Attempt> DONE = AtomicIntegerFieldUpdater.newUpdater(Attempt.class, "done");
    private static final AtomicIntegerFieldUpdater<Attempt> RELEASED =
            AtomicIntegerFieldUpdater.newUpdater(Attempt.class, "released");

    final ClientContext context;
    volatile int done;
    private volatile int released;
    volatile PooledConnection conn;
    volatile ClientExchange exchange;

    private boolean responsePhase;
    private ByteBuffer out;
    private boolean writesShut;
    int status;
    HeaderMap headers;
    ResponseBody body;
    private boolean reading;

    Attempt(ClientContext context) {
        this.context = context;
    }

    /** The whole response was read: {@link #status}, {@link #headers} and {@link #body} are set. */
    abstract void responded();

    /** The response body is larger than {@code maxResponseSize}. */
    abstract void tooLarge();

    /** Sends {@code request} on {@code c}, whose slot the pool already counted for this attempt. */
    final void send(PooledConnection c, Request request) {
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
            c.connection().sendRequest(cr, this);
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
            responded();
        }
    }

    /** Stops reading a response that is being cut short (too large). */
    final void stopReading() {
        reading = false;
    }

    /** Cancels what this attempt holds: HTTP/2 resets its stream, HTTP/1.1 closes its connection. */
    final void abortAttempt() {
        PooledConnection c = conn;
        ClientExchange ex = exchange;
        if (c == null || ex == null) {
            return; // queued, or the send callback will see done and come back here
        }
        if (released != 0) {
            return;
        }
        if (ex.getRequestChannel() instanceof Http2StreamSinkChannel s && c.resetStream(s.getStreamId())) {
            releaseOnce(true);
        } else {
            releaseOnce(false); // the pool closes the HTTP/1.1 connection: its request cannot be taken back
        }
    }

    final void releaseOnce(boolean reusable) {
        PooledConnection c = conn;
        if (c != null && RELEASED.compareAndSet(this, 0, 1)) {
            c.release(reusable);
        }
    }

    /** After a failure: an HTTP/2 connection still open keeps its other streams; anything else is closed. */
    static boolean reusable(PooledConnection c) {
        return c.multiplexed() && c.connection().isOpen();
    }
}
