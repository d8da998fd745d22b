package io.lumen.client;

import io.lumen.config.ConfigLoader;
import io.lumen.status.Status;
import io.lumen.status.StatusCatalogue;

import java.io.EOFException;
import java.io.IOException;
import javax.net.ssl.SSLException;
import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import java.util.List;
import javax.net.ssl.SSLHandshakeException;

/** Builds {@link ClientException}s from the catalogue's client codes. Immutable; shared. */
final class ClientErrors {
    private final Status connect;
    private final Status timeout;
    private final Status circuit;
    private final Status pool;
    private final Status closed;
    private final Status tls;
    private final Status protocol;

    ClientErrors(StatusCatalogue catalogue) {
        connect = catalogue.get(ClientException.CONNECT_FAILED);
        timeout = catalogue.get(ClientException.TIMEOUT);
        circuit = catalogue.get(ClientException.CIRCUIT_OPEN);
        pool = catalogue.get(ClientException.POOL_EXHAUSTED);
        closed = catalogue.get(ClientException.CONNECTION_CLOSED);
        tls = catalogue.get(ClientException.TLS_FAILED);
        protocol = catalogue.get(ClientException.PROTOCOL_ERROR);
    }

    /** The catalogue shipped in lumen-core (status.yml on the classpath). */
    static ClientErrors fromClasspath() {
        return new ClientErrors(StatusCatalogue.load(ConfigLoader.builder().configDirs(List.of()).build()));
    }

    ClientException connectFailed(String origin, Throwable cause) {
        if (cause instanceof SSLException) {
            return new ClientException(tls, cause, true, origin, message(cause));
        }
        return new ClientException(connect, cause, true, origin, message(cause));
    }

    /** The handshake rejected the server's certificate (so nothing was sent). */
    ClientException tlsRejected(String origin, String why) {
        return new ClientException(tls, null, true, origin, why);
    }

    ClientException connectTimeout(String origin, long ms) {
        return new ClientException(connect, null, true, origin, "connect timed out after " + ms + " ms");
    }

    ClientException timeout(String origin, long ms) {
        return new ClientException(timeout, null, false, origin, ms);
    }

    ClientException circuitOpen(String origin) {
        return new ClientException(circuit, null, true, origin);
    }

    ClientException poolExhausted(String origin, int queue) {
        return new ClientException(pool, null, true, origin, queue);
    }

    ClientException closedByPeer(String origin, Throwable cause) {
        return new ClientException(closed, cause, false, origin);
    }

    /** The connection was found closed before this request was written: safe to retry for any method. */
    ClientException closedBeforeSend(String origin, Throwable cause) {
        return new ClientException(closed, cause, true, origin);
    }

    ClientException protocol(String origin, String what, Throwable cause) {
        return new ClientException(protocol, cause, false, origin, what);
    }

    /** A failure of an exchange that was already sent. */
    ClientException exchangeFailed(String origin, Throwable cause) {
        if (cause instanceof ClientException ce) {
            return ce;
        }
        if (cause instanceof SSLException) {
            return new ClientException(tls, cause, cause instanceof SSLHandshakeException, origin, message(cause));
        }
        if (cause instanceof ConnectException) {
            return connectFailed(origin, cause);
        }
        if (cause instanceof ClosedChannelException || cause instanceof EOFException
                || (cause instanceof IOException && isReset(cause))) {
            return closedByPeer(origin, cause);
        }
        if (cause instanceof IOException) {
            return new ClientException(closed, cause, false, origin);
        }
        return protocol(origin, message(cause), cause);
    }

    private static boolean isReset(Throwable t) {
        String m = t.getMessage();
        return m != null && (m.contains("reset") || m.contains("closed") || m.contains("Broken pipe"));
    }

    private static String message(Throwable t) {
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m;
    }
}
