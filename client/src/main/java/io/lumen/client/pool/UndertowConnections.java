package io.lumen.client.pool;

import io.undertow.client.ClientConnection;
import io.undertow.protocols.http2.Http2Channel;
import org.xnio.IoUtils;

import java.io.Closeable;
import java.lang.reflect.Field;

/**
 * The one place Lumen reads private fields of Undertow's client connections, for both pools: the
 * HTTP/2 channel (the peer's MAX_CONCURRENT_STREAMS, stream resets, flush batching), also behind an
 * h2c-upgraded HTTP/1.1 connection, and the HTTP/1.1 socket (an immediate close: Undertow's own
 * close drains the input for up to 10 s). Read once per connection, never per request. Without
 * them (a future Undertow) callers get null and fall back: a configured stream cap, closing the
 * connection instead of resetting a stream, Undertow's close.
 */
public final class UndertowConnections {
    private static final Field H2_CHANNEL = field("io.undertow.client.http2.Http2ClientConnection", "http2Channel");
    private static final Field H2C_DELEGATE = field("io.undertow.client.http.HttpClientConnection", "http2Delegate");
    private static final Field H1_SOCKET = field("io.undertow.client.http.HttpClientConnection", "connection");

    private UndertowConnections() {
    }

    /** The HTTP/2 channel of a multiplexed connection (ALPN, prior knowledge or h2c upgrade), else null. */
    public static Http2Channel http2Channel(ClientConnection c) {
        if (c == null || !c.isMultiplexingSupported()) {
            return null;
        }
        try {
            if (H2_CHANNEL != null && H2_CHANNEL.getDeclaringClass().isInstance(c)) {
                return (Http2Channel) H2_CHANNEL.get(c);
            }
            if (H2C_DELEGATE != null && H2C_DELEGATE.getDeclaringClass().isInstance(c)) {
                ClientConnection delegate = (ClientConnection) H2C_DELEGATE.get(c);
                return delegate == null || delegate == c ? null : http2Channel(delegate);
            }
        } catch (ReflectiveOperationException | ClassCastException | IllegalArgumentException e) {
            return null;
        }
        return null;
    }

    /** Closes an HTTP/1.1 connection's socket at once (no draining), then the connection. */
    public static void closeNow(ClientConnection c) {
        if (!c.isMultiplexingSupported() && H1_SOCKET != null && H1_SOCKET.getDeclaringClass().isInstance(c)) {
            try {
                IoUtils.safeClose((Closeable) H1_SOCKET.get(c));
            } catch (ReflectiveOperationException | ClassCastException e) {
                // fall through to the connection's own close
            }
        }
        IoUtils.safeClose(c);
    }

    private static Field field(String type, String name) {
        try {
            Field f = Class.forName(type, false, UndertowConnections.class.getClassLoader()).getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
