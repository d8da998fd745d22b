package io.lumen.server;

import java.io.IOException;

/**
 * A read of the request body waited {@code requestBodyIdleTimeout} ms without a byte arriving. The
 * connection is no longer reused; {@link RequestBodies#answerReadFailure} answers it 408 ERR19004.
 */
public final class RequestBodyTimeoutException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long idleMillis;

    public RequestBodyTimeoutException(long idleMillis) {
        super("no request body bytes for " + idleMillis + " ms");
        this.idleMillis = idleMillis;
    }

    /** The idle time that was exceeded, in ms. */
    public long idleMillis() {
        return idleMillis;
    }
}
