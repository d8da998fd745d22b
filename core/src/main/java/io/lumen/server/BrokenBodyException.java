package io.lumen.server;

import java.io.IOException;

/**
 * The request body ended before its {@code Content-Length}, or its chunked framing could not be
 * read: whatever the handler has is not the body the client meant to send. {@link BodyConduit}
 * wraps what the connection's own conduits throw in it, so that every reader (the receiver, a
 * blocking stream, the body middleware, the proxy) gets one type, and
 * {@link RequestBodies#answerReadFailure} answers it 400 ERR19002 with the connection closed
 * instead of the reader ending the exchange as if the body had been read (a 200 with no body).
 * A chunked body that cannot be read gets no answer: Undertow's chunked conduit has closed the
 * connection before it throws.
 */
public final class BrokenBodyException extends IOException {
    private static final long serialVersionUID = 1L;

    public BrokenBodyException(IOException cause) {
        super("the request body broke off or its framing is invalid", cause);
    }
}
