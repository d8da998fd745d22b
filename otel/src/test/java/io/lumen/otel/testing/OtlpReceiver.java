package io.lumen.otel.testing;

import com.google.protobuf.ByteString;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.resource.v1.Resource;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;

/**
 * An OTLP/HTTP trace collector of the tests' own on a free loopback port: decodes every
 * {@code POST /v1/traces} body (protobuf, gzip or not) with the {@code opentelemetry-proto} messages and
 * keeps each span with its resource and scope. It can answer late ({@link #hold()} until
 * {@link #release()}) to play a collector that hangs. Thread-safe.
 */
public final class OtlpReceiver implements AutoCloseable {
    /** One received span with what it was sent with. */
    public record Received(Span span, Resource resource, String scope, Map<String, List<String>> requestHeaders) {
        public String traceId() {
            return hex(span.getTraceId());
        }

        public String spanId() {
            return hex(span.getSpanId());
        }

        public String parentSpanId() {
            return hex(span.getParentSpanId());
        }

        public String name() {
            return span.getName();
        }

        /** The span attribute {@code key} as text (numbers too), or {@code null}. */
        public String attribute(String key) {
            return value(span.getAttributesList(), key);
        }

        public String resourceAttribute(String key) {
            return value(resource.getAttributesList(), key);
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "otlp-receiver");
        t.setDaemon(true);
        return t;
    });
    private final List<Received> spans = new CopyOnWriteArrayList<>();
    private final Object changed = new Object();
    private volatile CountDownLatch held = new CountDownLatch(0);
    private volatile int requests;

    private OtlpReceiver(HttpServer server) {
        this.server = server;
        server.createContext("/v1/traces", this::export);
        server.setExecutor(executor);
        server.start();
    }

    public static OtlpReceiver start() {
        try {
            return new OtlpReceiver(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The same over TLS, with the key and certificate of a PKCS12 key store. */
    public static OtlpReceiver startHttps(Path keyStore, String password) {
        try {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(keyStore)) {
                ks.load(in, password.toCharArray());
            }
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, password.toCharArray());
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(kmf.getKeyManagers(), null, null);
            HttpsServer https = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
            https.setHttpsConfigurator(new HttpsConfigurator(tls));
            return new OtlpReceiver(https);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code http://127.0.0.1:<port>}: the base endpoint ({@code /v1/traces} is appended by the exporter). */
    public String endpoint() {
        return (server instanceof HttpsServer ? "https://" : "http://") + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort();
    }

    /** From now on, exports are read but not answered until {@link #release()}. */
    public void hold() {
        held = new CountDownLatch(1);
    }

    public void release() {
        held.countDown();
    }

    /** Export requests received so far. */
    public int requests() {
        return requests;
    }

    public List<Received> spans() {
        return List.copyOf(spans);
    }

    /** The received spans of one trace. */
    public List<Received> trace(String traceId) {
        return spans.stream().filter(s -> s.traceId().equals(traceId)).toList();
    }

    /** Waits until a received span matches, at most {@code timeout}; fails the test otherwise. */
    public Received await(Predicate<Received> match, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (changed) {
            while (true) {
                for (Received r : spans) {
                    if (match.test(r)) {
                        return r;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("no matching span within " + timeout + "; received " + names());
                }
                try {
                    changed.wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
            }
        }
    }

    /** Waits for the span of the trace {@code traceId} (whatever its parent). */
    public Received awaitTrace(String traceId) {
        return await(r -> r.traceId().equals(traceId), Duration.ofSeconds(10));
    }

    private List<String> names() {
        List<String> out = new ArrayList<>();
        spans.forEach(s -> out.add(s.name() + " " + s.traceId()));
        return out;
    }

    private void export(HttpExchange exchange) throws IOException {
        try {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            if ("gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
                try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
                    body = in.readAllBytes();
                }
            }
            ExportTraceServiceRequest request = ExportTraceServiceRequest.parseFrom(body);
            Map<String, List<String>> headers = Map.copyOf(exchange.getRequestHeaders());
            try {
                if (!held.await(60, TimeUnit.SECONDS)) {
                    return; // the test forgot to release; the connection just closes
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            synchronized (changed) { // kept before the answer: once the exporter has it, the spans are here
                requests++;
                for (ResourceSpans rs : request.getResourceSpansList()) {
                    for (ScopeSpans ss : rs.getScopeSpansList()) {
                        for (Span s : ss.getSpansList()) {
                            spans.add(new Received(s, rs.getResource(), ss.getScope().getName(), headers));
                        }
                    }
                }
                changed.notifyAll();
            }
            byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
            exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, answer.length == 0 ? -1 : answer.length);
            if (answer.length > 0) {
                exchange.getResponseBody().write(answer);
            }
        } finally {
            exchange.close();
        }
    }

    static String hex(ByteString bytes) {
        return bytes.isEmpty() ? "" : HexFormat.of().formatHex(bytes.toByteArray());
    }

    static String value(List<KeyValue> attributes, String key) {
        for (KeyValue kv : attributes) {
            if (kv.getKey().equals(key)) {
                AnyValue v = kv.getValue();
                return switch (v.getValueCase()) {
                    case STRING_VALUE -> v.getStringValue();
                    case INT_VALUE -> Long.toString(v.getIntValue());
                    case BOOL_VALUE -> Boolean.toString(v.getBoolValue());
                    case DOUBLE_VALUE -> Double.toString(v.getDoubleValue());
                    default -> v.toString();
                };
            }
        }
        return null;
    }

    @Override
    public void close() {
        release();
        server.stop(0);
        executor.shutdownNow();
    }
}
