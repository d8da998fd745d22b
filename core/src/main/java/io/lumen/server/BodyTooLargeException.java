package io.lumen.server;

import io.undertow.server.RequestTooBigException;

/**
 * The request body has more bytes than the exchange's limit (server.yml {@code maxTransferFileSize},
 * or what a handler set with {@code setMaxEntitySize} before reading). A subclass of Undertow's own
 * exception, so code written for Undertow recognises it; {@link RequestBodies#answerReadFailure}
 * answers it 413 ERR10068. The message says "size exceeds", which Spring's multipart support reads as
 * an upload over the limit ({@code MaxUploadSizeExceededException}), as it reads Tomcat's.
 */
public final class BodyTooLargeException extends RequestTooBigException {
    private static final long serialVersionUID = 1L;

    private final long limit;

    public BodyTooLargeException(long limit) {
        super("the request body size exceeds the limit of " + limit + " bytes");
        this.limit = limit;
    }

    /** The limit in bytes. */
    public long limit() {
        return limit;
    }
}
