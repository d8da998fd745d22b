package io.lumen.client;

import io.lumen.status.Status;
import io.lumen.status.ErrorCodes;
import io.lumen.status.StatusException;

/**
 * A request that did not produce a response, carrying a client status from the catalogue
 * ({@code ERR19020}..{@code ERR19026}). It is what the {@link java.util.concurrent.CompletableFuture}
 * returned by {@link LumenClient#send} completes with, never wrapped in another exception.
 * Thrown by a Lumen handler, it answers the caller with the error JSON of its status (502, 503 or 504).
 */
public final class ClientException extends StatusException {
    private static final long serialVersionUID = 1L;

    public static final String CONNECT_FAILED = ErrorCodes.CLIENT_CONNECT_FAILED;
    public static final String TIMEOUT = ErrorCodes.CLIENT_TIMEOUT;
    public static final String CIRCUIT_OPEN = ErrorCodes.CLIENT_CIRCUIT_OPEN;
    public static final String POOL_EXHAUSTED = ErrorCodes.CLIENT_POOL_EXHAUSTED;
    public static final String CONNECTION_CLOSED = ErrorCodes.CLIENT_CONNECTION_CLOSED;
    public static final String TLS_FAILED = ErrorCodes.CLIENT_TLS_FAILED;
    public static final String PROTOCOL_ERROR = ErrorCodes.CLIENT_PROTOCOL_ERROR;

    private final boolean notSent;

    ClientException(Status status, Throwable cause, boolean notSent, Object... args) {
        super(status, cause, args);
        this.notSent = notSent;
    }

    /** The catalogue code, e.g. {@code ERR19021}. */
    public String code() {
        return status().code();
    }

    /**
     * True when the request provably never reached the server: connect and handshake failures, an
     * open breaker, a full pool, a connection found closed before the request was written.
     */
    public boolean notSent() {
        return notSent;
    }
}
