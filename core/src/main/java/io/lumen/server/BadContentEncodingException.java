package io.lumen.server;

import java.io.IOException;

/**
 * A request body declared as compressed ({@code Content-Encoding: gzip}) is not valid data of that
 * coding. Thrown by the reader that decodes it (the {@code decode} middleware's conduit);
 * {@link RequestBodies#answerReadFailure} answers it 400 ERR19200.
 */
public final class BadContentEncodingException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String coding;

    public BadContentEncodingException(String coding, Throwable cause) {
        super("the request body is not valid " + coding + " data", cause);
        this.coding = coding;
    }

    /** The content coding, e.g. {@code gzip}. */
    public String coding() {
        return coding;
    }
}
