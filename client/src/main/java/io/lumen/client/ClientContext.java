package io.lumen.client;

import io.lumen.client.pool.RequestTimers;
import io.undertow.connector.ByteBufferPool;

import java.util.function.LongSupplier;

/**
 * What the origins and calls of one {@link LumenClient} share: its settings, its error
 * statuses, its clock, its transport, and whether it was closed. Made once by the client; the parts
 * below the facade take this instead of reaching back into {@link LumenClient}.
 *
 * <p>Thread-safe: every field is final except the closed flag, which is volatile.
 */
final class ClientContext {
    final ClientConfig config;
    /** {@code config.request()}, read on every call. */
    final ClientConfig.Request settings;
    final ClientErrors errors;
    final ClientTransport transport;
    /** The calls' timeouts, per IO thread. */
    final RequestTimers timers = new RequestTimers();
    private final LongSupplier clock;
    private volatile boolean closed;

    ClientContext(ClientConfig config, ClientErrors errors, ClientTransport transport, LongSupplier clock) {
        this.config = config;
        this.settings = config.request();
        this.errors = errors;
        this.transport = transport;
        this.clock = clock;
    }

    /** The client's millisecond clock (breakers, idle and expiry times). */
    long now() {
        return clock.getAsLong();
    }

    LongSupplier clock() {
        return clock;
    }

    ByteBufferPool bufferPool() {
        return transport.bufferPool();
    }

    boolean isClosed() {
        return closed;
    }

    /** @return false when it was already closed */
    boolean close() {
        if (closed) {
            return false;
        }
        closed = true;
        return true;
    }
}
