package io.lumen.client;

import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.io.IoCallback;
import io.undertow.io.Receiver;
import io.undertow.io.Sender;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.SameThreadExecutor;
import org.xnio.IoUtils;
import org.xnio.Options;
import org.xnio.SslClientAuthMode;

import java.io.IOException;
import java.util.Queue;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A plain Undertow server on free loopback ports for client tests, with endpoints that misbehave
 * on purpose:
 * <ul>
 *   <li>{@code GET /get?name=X} answers {@code Hello X}; {@code POST /post} answers {@code Hello <body>}</li>
 *   <li>{@code /slow?ms=N} answers after N ms without blocking a thread</li>
 *   <li>{@code /drop} closes the connection without answering</li>
 *   <li>{@code /half} promises 100 bytes, sends 10 and closes the connection</li>
 *   <li>{@code /status?code=N} answers status N</li>
 * </ul>
 * Every request is counted in {@link #hits}.
 */
final class TestServer implements AutoCloseable {
    final AtomicInteger hits = new AtomicInteger();
    final Queue<String> paths = new ConcurrentLinkedQueue<>();
    private final Undertow undertow;
    final int httpPort;
    final int httpsPort;

    private TestServer(Undertow undertow) {
        this.undertow = undertow;
        int http = -1;
        int https = -1;
        for (Undertow.ListenerInfo l : undertow.getListenerInfo()) {
            int port = ((InetSocketAddress) l.getAddress()).getPort();
            if (l.getProtcol().equals("https")) {
                https = port;
            } else {
                http = port;
            }
        }
        this.httpPort = http;
        this.httpsPort = https;
    }

    /** HTTP (h2c allowed) and HTTPS; {@code http2} false makes TLS ALPN offer only HTTP/1.1. */
    static TestServer start(boolean http2) {
        return start(http2, -1, "127.0.0.1", false);
    }

    static TestServer start(boolean http2, int maxStreams, String bind, boolean clientAuth) {
        Endpoints handler = new Endpoints();
        Undertow.Builder b = Undertow.builder()
                .setIoThreads(1)
                .setWorkerThreads(4)
                .setServerOption(UndertowOptions.ENABLE_HTTP2, http2)
                .addHttpListener(0, bind)
                .addHttpsListener(0, bind, serverContext(clientAuth))
                .setHandler(handler);
        if (maxStreams > 0) {
            b.setServerOption(UndertowOptions.HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, maxStreams);
        }
        if (clientAuth) {
            b.setSocketOption(Options.SSL_CLIENT_AUTH_MODE, SslClientAuthMode.REQUIRED);
        }
        Undertow u = b.build();
        u.start();
        TestServer s = new TestServer(u);
        handler.server = s;
        return s;
    }

    URI http(String path) {
        return URI.create("http://127.0.0.1:" + httpPort + path);
    }

    URI https(String path) {
        return URI.create("https://localhost:" + httpsPort + path);
    }

    URI https(String host, String path) {
        return URI.create("https://" + host + ":" + httpsPort + path);
    }

    @Override
    public void close() {
        undertow.stop();
    }

    static KeyStore store(String name) {
        try (InputStream in = TestServer.class.getResourceAsStream("/tls/" + name)) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, "changeit".toCharArray());
            return ks;
        } catch (Exception e) {
            throw new IllegalStateException("cannot load " + name, e);
        }
    }

    private static SSLContext serverContext(boolean clientAuth) {
        try {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(store("server.p12"), "changeit".toCharArray());
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store("server-trust.p12"));
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(kmf.getKeyManagers(), clientAuth ? tmf.getTrustManagers() : null, null);
            return ctx;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static final class Endpoints implements HttpHandler {
        volatile TestServer server;

        @Override
        public void handleRequest(HttpServerExchange ex) {
            TestServer s = server;
            if (s != null) {
                s.hits.incrementAndGet();
                s.paths.add(ex.getRequestMethod() + " " + ex.getRequestPath());
            }
            switch (ex.getRequestPath()) {
                case "/get" -> {
                    var name = ex.getQueryParameters().get("name");
                    ex.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
                    ex.getResponseSender().send("Hello " + (name == null ? "" : name.getFirst()));
                }
                case "/post" -> ex.getRequestReceiver().receiveFullBytes((e, body) -> {
                    e.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
                    e.getResponseSender().send("Hello " + new String(body, StandardCharsets.UTF_8));
                }, (Receiver.ErrorCallback) (e, err) -> IoUtils.safeClose(e.getConnection()));
                case "/json" -> {
                    ex.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
                    ex.getResponseSender().send("{\"id\":7,\"name\":\"doggy\"}");
                }
                case "/slow" -> {
                    long ms = Long.parseLong(ex.getQueryParameters().get("ms").getFirst());
                    ex.dispatch(SameThreadExecutor.INSTANCE, () -> ex.getIoThread().executeAfter(
                            () -> ex.getResponseSender().send("slow"), ms, TimeUnit.MILLISECONDS));
                }
                case "/drop" -> IoUtils.safeClose(ex.getConnection());
                case "/half" -> {
                    ex.getResponseHeaders().put(Headers.CONTENT_LENGTH, 100);
                    ex.getResponseSender().send(ByteBuffer.wrap("0123456789".getBytes(StandardCharsets.US_ASCII)),
                            new IoCallback() {
                                @Override
                                public void onComplete(HttpServerExchange e, Sender sender) {
                                    IoUtils.safeClose(e.getConnection());
                                }

                                @Override
                                public void onException(HttpServerExchange e, Sender sender,
                                                        IOException exception) {
                                    IoUtils.safeClose(e.getConnection());
                                }
                            });
                }
                case "/status" -> {
                    ex.setStatusCode(Integer.parseInt(ex.getQueryParameters().get("code").getFirst()));
                    ex.getResponseSender().send("status");
                }
                default -> {
                    ex.setStatusCode(404);
                    ex.endExchange();
                }
            }
        }
    }
}
