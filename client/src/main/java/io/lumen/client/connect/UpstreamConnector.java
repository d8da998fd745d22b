package io.lumen.client.connect;

import io.undertow.UndertowOptions;
import io.undertow.client.ClientConnection;
import io.undertow.client.UndertowClient;
import io.undertow.connector.ByteBufferPool;
import io.undertow.protocols.ssl.UndertowXnioSsl;
import org.xnio.IoFuture;
import org.xnio.IoUtils;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.Xnio;
import org.xnio.XnioExecutor;
import org.xnio.XnioIoThread;
import org.xnio.ssl.XnioSsl;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Opens connections to one origin: Undertow's connect to its URI ({@code http}: HTTP/1.1, or the
 * h2c upgrade when the options offer HTTP/2; {@code h2c-prior}: HTTP/2 with prior knowledge;
 * {@code https}: TLS with ALPN offering {@code h2} when the options do), with a connect timeout.
 * Each attempt ends exactly once for its {@link Outcome}: connected, failed or timed out. A
 * connection that arrives after its attempt timed out or was cancelled is closed, never leaked.
 *
 * <p>The pool decides on which IO thread a connection lives and which buffers it reads into; the
 * outcome is reported on that thread (the connect timer runs there too, so an attempt needs no
 * lock), except a connect that throws at once, which is reported to the caller.
 * Immutable and thread-safe; one per pool.
 */
public final class UpstreamConnector {
    /** Undertow's client, looked up once (its providers: HTTP/1.1, h2c, h2c-prior, HTTP/2 over TLS). */
    private static final UndertowClient UNDERTOW = UndertowClient.getInstance(UpstreamConnector.class.getClassLoader());

    /** How one connect attempt ended; every method is called at most once per attempt, on its IO thread. */
    public interface Outcome {
        void connected(ClientConnection connection);

        /** The connect failed: the socket, the TLS handshake, or Undertow's connect itself (a RuntimeException). */
        void failed(Throwable cause);

        /** No connection within the connect timeout: the attempt is cancelled, a late connection closed. */
        void timedOut(long timeoutMillis);

        /** After {@link #timedOut}: the cancelled connect has resolved (a late connection was closed). */
        default void resolvedAfterTimeout() {
        }
    }

    private final URI uri;
    private final XnioSsl ssl;
    private final long connectTimeout;

    /**
     * @param uri            scheme ({@code http}, {@code https}, {@code h2c-prior}), host or address, port
     * @param ssl            TLS for an https origin (see {@link #tls}); null for plain ones
     * @param connectTimeout milliseconds from the connect call to a usable connection (TLS handshake included)
     */
    public UpstreamConnector(URI uri, XnioSsl ssl, long connectTimeout) {
        this.uri = uri;
        this.ssl = ssl;
        this.connectTimeout = connectTimeout;
    }

    /**
     * The connect options both Lumen's client and proxy use: TCP_NODELAY; HTTP/2 offered or not
     * (ALPN {@code h2} over TLS, the h2c upgrade on plain {@code http}); and hostname verification
     * as configured (Undertow's client turns HTTPS endpoint identification on unless a JVM-wide
     * property says otherwise; these options are applied after it, so the choice is the caller's).
     */
    public static OptionMap options(boolean offerHttp2, boolean verifyHostname) {
        return OptionMap.builder()
                .set(Options.TCP_NODELAY, true)
                .set(UndertowOptions.ENABLE_HTTP2, offerHttp2)
                .set(UndertowOptions.ENDPOINT_IDENTIFICATION_ALGORITHM, verifyHostname ? "HTTPS" : "")
                .getMap();
    }

    /**
     * TLS for connections made with {@code context} (built by core's {@code SslContexts}).
     * {@code buffers}: the pool the TLS engine's buffers come from; null: Undertow's default.
     */
    public static XnioSsl tls(Xnio xnio, SSLContext context, ByteBufferPool buffers) {
        return buffers == null
                ? new UndertowXnioSsl(xnio, OptionMap.EMPTY, context)
                : new UndertowXnioSsl(xnio, OptionMap.EMPTY, buffers, context);
    }

    public URI uri() {
        return uri;
    }

    /** True when connections to this origin use TLS (and so learn their protocol from ALPN at once). */
    public boolean tls() {
        return ssl != null && uri.getScheme().equals("https");
    }

    /**
     * Starts a connect on {@code thread}, reading into {@code buffers}; {@code outcome} hears how it
     * ended. The returned attempt can be cancelled (the pool shuts): a connection that still
     * arrives is closed.
     */
    public Attempt open(XnioIoThread thread, ByteBufferPool buffers, OptionMap options, Outcome outcome) {
        Attempt attempt = new Attempt(thread, outcome);
        IoFuture<ClientConnection> future;
        try {
            future = UNDERTOW.connect(uri, thread, ssl, buffers, options);
        } catch (RuntimeException e) {
            attempt.settled = true;
            outcome.failed(e);
            return attempt;
        }
        attempt.future = future;
        attempt.timer = thread.executeAfter(attempt, connectTimeout, TimeUnit.MILLISECONDS);
        future.addNotifier(attempt, null);
        return attempt;
    }

    /** One connect: its result or its timeout, whichever comes first; both handled on its IO thread. */
    public final class Attempt implements IoFuture.Notifier<ClientConnection, Object>, Runnable {
        private final XnioIoThread thread;
        private final Outcome outcome;
        private volatile IoFuture<ClientConnection> future;
        private volatile XnioExecutor.Key timer;
        /** The outcome has been told (IO thread only, after the start). */
        private boolean settled;
        private boolean timedOut;

        private Attempt(XnioIoThread thread, Outcome outcome) {
            this.thread = thread;
            this.outcome = outcome;
        }

        /** Gives up on this connect (the pool shuts): the outcome hears nothing more, a late connection is closed. */
        public void cancel() {
            IoFuture<ClientConnection> f = future;
            if (f != null) {
                f.cancel();
            }
        }

        /** The connect timer. */
        @Override
        public void run() {
            if (settled) {
                return;
            }
            settled = true;
            timedOut = true;
            outcome.timedOut(connectTimeout);
            future.cancel(); // a connection that still arrives is closed in notify
        }

        /** The connect result, moved to the connection's IO thread when it arrives elsewhere. */
        @Override
        public void notify(IoFuture<? extends ClientConnection> f, Object attachment) {
            if (Thread.currentThread() != thread) {
                try {
                    thread.execute(() -> notify(f, attachment));
                    return;
                } catch (RejectedExecutionException e) {
                    // the IO thread is stopping: handle it here rather than never
                }
            }
            ClientConnection connection = null;
            Throwable error = null;
            switch (f.getStatus()) {
                case DONE:
                    try {
                        connection = f.get();
                    } catch (IOException e) {
                        error = e;
                    }
                    break;
                case FAILED:
                    error = f.getException();
                    break;
                default:
                    error = new IOException("connect cancelled");
            }
            if (settled) {
                IoUtils.safeClose(connection); // given up on already: never leave it open
                if (timedOut) {
                    outcome.resolvedAfterTimeout();
                }
                return;
            }
            settled = true;
            XnioExecutor.Key t = timer;
            if (t != null) {
                t.remove();
            }
            if (connection != null) {
                outcome.connected(connection);
            } else {
                outcome.failed(error);
            }
        }
    }
}
