package io.lumen.server;

import io.undertow.server.RequestTooBigException;

/**
 * The request body has more bytes than the exchange's limit (server.yml {@code maxTransferFileSize},
 * or what a handler set with {@code setMaxEntitySize} before reading). A subclass of Undertow's own
 * exception, so code written for Undertow recognises it; {@link RequestBodies#answerReadFailure}
 * answers it 413 ERR10068.
 */
public final class BodyTooLargeException extends RequestTooBigException {
    private static final long serialVersionUID = 1L;

    private final long limit;

    public BodyTooLargeException(long limit) {
        super("the request body exceeds " + limit + " bytes");
        this.limit = limit;
    }

    /** The limit in bytes. */
    public long limit() {
        return limit;
    }
}
