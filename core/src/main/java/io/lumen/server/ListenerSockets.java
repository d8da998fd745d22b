package io.lumen.server;

import io.undertow.Undertow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.xnio.IoUtils;

import java.io.Closeable;
import java.lang.reflect.Field;

/**
 * Stops a server accepting new connections while its open connections keep running, for graceful
 * shutdown. Undertow's own {@code ListenerInfo.suspend()} also closes every open connection, which
 * would cut in-flight requests, so the listening channel is closed directly (its field is private;
 * when it cannot be reached the drain still works, new connections are then answered 503).
 */
final class ListenerSockets {
    private static final Logger LOG = LoggerFactory.getLogger(ListenerSockets.class);

    private ListenerSockets() {
    }

    static void closeListeningSockets(Undertow undertow) {
        for (Undertow.ListenerInfo info : undertow.getListenerInfo()) {
            try {
                Field f = Undertow.ListenerInfo.class.getDeclaredField("channel");
                f.setAccessible(true);
                IoUtils.safeClose((Closeable) f.get(info));
            } catch (ReflectiveOperationException | RuntimeException e) {
                LOG.debug("cannot close the listening socket of {}: new connections get 503 while draining", info, e);
            }
        }
    }
}
