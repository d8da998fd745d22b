package io.lumen.handler.body;

import io.undertow.server.HttpServerExchange;
import org.xnio.ChannelListener;
import org.xnio.channels.StreamSourceChannel;

import java.io.IOException;

/**
 * How a request body is read from the request channel on the IO thread without blocking: what is there
 * is read within the handler call, the rest on read events, until the subclass has the whole body or
 * gives up. Reading the channel itself (not through {@code getRequestReceiver()}, which Undertow keeps
 * per exchange and refuses a second time) leaves it readable again once the bytes are put back. The
 * body middleware's reader and the {@code decode} middleware's inflating reader are the two kinds. One
 * per request, used by its IO thread.
 */
public abstract class ChannelBodyReader implements ChannelListener<StreamSourceChannel> {
    protected final HttpServerExchange exchange;
    protected final StreamSourceChannel channel;

    protected ChannelBodyReader(HttpServerExchange exchange) {
        this.exchange = exchange;
        this.channel = exchange.getRequestChannel();
    }

    /** Starts reading within the handler call; the body may be complete (and handled) before it returns. */
    public final void start() throws Exception {
        channel.getReadSetter().set(this);
        read(true);
    }

    @Override
    public final void handleEvent(StreamSourceChannel ch) {
        try {
            read(false);
        } catch (Exception e) {
            stop();
            failed(e instanceof IOException io ? io : new IOException(e), false);
        }
    }

    /**
     * Reads what the channel has now. Wanting more, it calls {@code channel.resumeReads()} and returns;
     * done (or failed), it calls {@link #stop()} and ends in its outcome. {@code inCall}: within the
     * handler call that started the read, else from a read event.
     */
    protected abstract void read(boolean inCall) throws Exception;

    /** Reading failed with {@code e}, outside {@link #read}'s own handling. */
    protected abstract void failed(IOException e, boolean inCall);

    /** No more read events for this reader. */
    protected final void stop() {
        channel.getReadSetter().set(null);
        channel.suspendReads();
    }
}
