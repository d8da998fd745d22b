package io.lumen.handler.body;

import io.lumen.handler.FailureHandler;
import io.undertow.server.Connectors;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.ImmediatePooledByteBuffer;

import java.nio.ByteBuffer;

/**
 * How a middleware that reads a request body asynchronously goes on once the body is read: within
 * the handler call that started the read (the body was already there), the rest of the chain runs
 * at once and its failures propagate as usual; from a read event, it runs as a new root task of the
 * exchange on its IO thread and a failure goes to the chain's {@link FailureHandler}. Used by the
 * {@code body} and {@code decode} middleware, which also {@linkplain #putBack put back} what they read.
 */
public final class ReadContinuation {
    private ReadContinuation() {
    }

    /**
     * Puts a body that was read back into the request channel, so that a later handler, a proxy or a
     * blocking reader reads the same bytes again.
     */
    public static void putBack(HttpServerExchange exchange, byte[] body) {
        Connectors.ungetRequestBytes(exchange, new ImmediatePooledByteBuffer(ByteBuffer.wrap(body)));
        Connectors.resetRequestChannel(exchange);
    }

    public static void resume(HttpServerExchange exchange, boolean inCall, FailureHandler failures, HttpHandler task)
            throws Exception {
        if (inCall) {
            task.handleRequest(exchange);
            return;
        }
        Connectors.executeRootHandler(ex -> {
            try {
                task.handleRequest(ex);
            } catch (Throwable t) {
                failures.fail(ex, t);
            }
        }, exchange);
    }
}
