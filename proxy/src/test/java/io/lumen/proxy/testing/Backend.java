package io.lumen.proxy.testing;

import io.lumen.testkit.core.Pace;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.ServerConnection;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;

/**
 * A plain Undertow server on 127.0.0.1 playing an upstream: it records every request it gets
 * (method, raw URI and query, protocol, headers, body bytes) and answers as the test says, per path
 * prefix (longest wins). By default it answers 200 {@code hello from <name>} with an
 * {@code X-Backend: <name>} header. It can be stopped and started again on the same port, and it
 * counts the connections that carried requests (open now and ever).
 */
public final class Backend implements AutoCloseable {

    /** What the backend received. Header names are case-insensitive. */
    public record Received(String method, String uri, String protocol, Map<String, List<String>> headers, byte[] body) {
        public String header(String name) {
            List<String> v = headers.get(name);
            return v == null || v.isEmpty() ? null : v.get(0);
        }

        public List<String> headers(String name) {
            return headers.getOrDefault(name, List.of());
        }

        public boolean has(String name) {
            return headers.containsKey(name);
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** Answers a recorded request; runs on a worker thread in blocking mode, the body already read. */
    @FunctionalInterface
    public interface Responder {
        void respond(HttpServerExchange exchange, Received request) throws Exception;
    }

    private final String name;
    private final boolean http2;
    private final SSLContext tls;
    private final Map<String, Object> routes = new LinkedHashMap<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Set<ServerConnection> open = ConcurrentHashMap.newKeySet();
    private final Set<ServerConnection> seen = ConcurrentHashMap.newKeySet();
    private final Set<SocketAddress> peers = ConcurrentHashMap.newKeySet();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private volatile Undertow server;
    private volatile int port;
    private int workerThreads = 64;
    private Integer idleTimeout;
    private Integer maxConcurrentStreams;
    private String ip = "127.0.0.1";

    private Backend(String name, boolean http2, SSLContext tls) {
        this.name = name;
        this.http2 = http2;
        this.tls = tls;
    }

    /** An HTTP/1.1-only backend. */
    public static Backend http(String name) {
        return new Backend(name, false, null);
    }

    /** A cleartext backend that accepts an h2c upgrade (and prior knowledge). */
    public static Backend h2c(String name) {
        return new Backend(name, true, null);
    }

    /** An https backend; with {@code http2} it offers h2 by ALPN. */
    public static Backend https(String name, SSLContext context, boolean http2) {
        return new Backend(name, http2, context);
    }

    /** Answers requests whose path starts with {@code prefix} (longest prefix wins). */
    public Backend respond(String prefix, Responder responder) {
        routes.put(prefix, responder);
        return this;
    }

    /** Gives requests under {@code prefix} to {@code handler} on the IO thread, unrecorded (streams, WebSockets). */
    public Backend raw(String prefix, HttpHandler handler) {
        routes.put(prefix, handler);
        return this;
    }

    public Backend workerThreads(int n) {
        this.workerThreads = n;
        return this;
    }

    /** Closes connections that stay idle between requests for {@code ms}. */
    public Backend idleTimeout(int ms) {
        this.idleTimeout = ms;
        return this;
    }

    /** Announces this HTTP/2 stream limit (SETTINGS_MAX_CONCURRENT_STREAMS) to its clients. */
    public Backend maxConcurrentStreams(int n) {
        this.maxConcurrentStreams = n;
        return this;
    }

    public Backend start() {
        return startOn(0);
    }

    /** Starts on another loopback address (127.0.0.x) and the given port (0: a free one): DNS tests give several addresses one port. */
    public Backend startOn(String loopbackIp, int port) {
        this.ip = loopbackIp;
        return startOn(port);
    }

    private synchronized Backend startOn(int wanted) {
        Undertow.Builder b = Undertow.builder()
                .setIoThreads(1)
                .setWorkerThreads(workerThreads)
                .setServerOption(UndertowOptions.ENABLE_HTTP2, http2)
                .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, -1L)
                .setServerOption(UndertowOptions.SHUTDOWN_TIMEOUT, 200) // do not wait for slow handlers at stop
                .setHandler(this::handle);
        if (idleTimeout != null) {
            b.setServerOption(UndertowOptions.NO_REQUEST_TIMEOUT, idleTimeout);
        }
        if (maxConcurrentStreams != null) {
            b.setServerOption(UndertowOptions.HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, maxConcurrentStreams);
        }
        if (tls == null) {
            b.addHttpListener(wanted, ip);
        } else {
            b.addHttpsListener(wanted, ip, tls);
        }
        Undertow u = b.build();
        u.start();
        server = u;
        port = ((InetSocketAddress) u.getListenerInfo().get(0).getAddress()).getPort();
        return this;
    }

    /** Stops listening and closes every connection. */
    public synchronized void stop() {
        Undertow u = server;
        server = null;
        if (u != null) {
            u.stop();
        }
    }

    /** Listens again on the port it had. */
    public synchronized Backend restart() {
        stop();
        return startOn(port);
    }

    @Override
    public void close() {
        stop();
    }

    public int port() {
        return port;
    }

    /** {@code http://127.0.0.1:<port>} (https for a TLS backend; the address it was started on). */
    public String url() {
        return (tls == null ? "http" : "https") + "://" + ip + ":" + port;
    }

    public String name() {
        return name;
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    public int count() {
        return received.size();
    }

    /** The requests received whose URI starts with {@code prefix}. */
    public List<Received> received(String prefix) {
        return received.stream().filter(r -> r.uri().startsWith(prefix)).toList();
    }

    public Received last() {
        if (received.isEmpty()) {
            throw new AssertionError(name + " received nothing");
        }
        return received.get(received.size() - 1);
    }

    public void clear() {
        received.clear();
    }

    /** HTTP/1.1 connections that carried at least one request and are still open (HTTP/2 counts streams here). */
    public int openConnections() {
        return open.size();
    }

    /** TCP connections that ever carried a request (told apart by the client's address and port). */
    public int connectionsSeen() {
        return peers.size();
    }

    /** The most requests it was handling at once. */
    public int maxInFlight() {
        return maxInFlight.get();
    }

    public int inFlight() {
        return inFlight.get();
    }

    private void handle(HttpServerExchange exchange) throws Exception {
        ServerConnection c = exchange.getConnection();
        peers.add(c.getPeerAddress());
        if (seen.add(c)) {
            open.add(c);
            c.addCloseListener(closed -> open.remove(closed));
        }
        String path = exchange.getRequestPath();
        Object route = route(path);
        if (route instanceof HttpHandler h) {
            h.handleRequest(exchange);
            return;
        }
        if (exchange.isInIoThread()) {
            exchange.dispatch(this::handle);
            return;
        }
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        try {
            exchange.startBlocking();
            byte[] body = exchange.getInputStream().readAllBytes();
            Received r = new Received(exchange.getRequestMethod().toString(), rawUri(exchange),
                    exchange.getProtocol().toString(), headers(exchange), body);
            received.add(r);
            Responder responder = route == null ? this::hello : (Responder) route;
            responder.respond(exchange, r);
        } finally {
            inFlight.decrementAndGet();
        }
    }

    private Object route(String path) {
        String best = null;
        for (String prefix : routes.keySet()) {
            if (path.startsWith(prefix) && (best == null || prefix.length() > best.length())) {
                best = prefix;
            }
        }
        return best == null ? null : routes.get(best);
    }

    private void hello(HttpServerExchange exchange, Received r) {
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
        exchange.getResponseHeaders().put(new HttpString("X-Backend"), name);
        exchange.getResponseSender().send("hello from " + name);
    }

    static String rawUri(HttpServerExchange exchange) {
        String q = exchange.getQueryString();
        return exchange.getRequestURI() + (q == null || q.isEmpty() ? "" : "?" + q);
    }

    static Map<String, List<String>> headers(HttpServerExchange exchange) {
        Map<String, List<String>> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (HeaderValues values : exchange.getRequestHeaders()) {
            map.computeIfAbsent(values.getHeaderName().toString(), k -> new ArrayList<>()).addAll(values);
        }
        map.replaceAll((k, v) -> Collections.unmodifiableList(v));
        return Collections.unmodifiableMap(map);
    }

    /**
     * A responder that answers {@code body} only once {@code release} opens (bounded at a minute): an
     * upstream that stays slow for as long as the test needs, whatever the machine's load.
     */
    public static Responder heldUntil(CountDownLatch release, Supplier<String> body) {
        return (exchange, r) -> {
            try {
                release.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
            exchange.getResponseSender().send(body.get());
        };
    }

    /** A responder that takes {@code ms} (on its worker thread: a slow upstream is the subject) and then answers {@code body}. */
    public static Responder slow(long ms, Supplier<String> body) {
        return (exchange, r) -> {
            Pace.slowBackend(Duration.ofMillis(ms));
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
            exchange.getResponseSender().send(body.get());
        };
    }
}
