package io.lumen.proxy;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.Bytes;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.testkit.core.Await;
import io.lumen.testkit.core.Pace;
import io.lumen.testkit.raw.RawHttp;
import io.undertow.Handlers;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.websockets.core.AbstractReceiveListener;
import io.undertow.websockets.core.BufferedBinaryMessage;
import io.undertow.websockets.core.BufferedTextMessage;
import io.undertow.websockets.core.WebSocketChannel;
import io.undertow.websockets.core.WebSockets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import java.util.zip.CRC32;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bodies are streamed, never held: a 1 GB upload and a 200 MB download pass with their checksums
 * (and the far side sees the first bytes long before the near side sent the last); server-sent
 * events arrive one by one and are not cut at maxRequestTime; a WebSocket upgrade is tunnelled.
 */
class StreamingTest {
    private static final long GB = 1L << 30;
    private static final long DOWNLOAD = 200L << 20;

    @TempDir
    static Path dir;
    static Backend backend;
    static ProxyUnderTest proxy;
    /** When the backend read the first byte of the last upload, and when it wrote the last byte of the last download. */
    static final AtomicLong uploadFirstByteAt = new AtomicLong();
    static final AtomicLong downloadLastByteAt = new AtomicLong();
    static final AtomicInteger uploadsBroken = new AtomicInteger();
    static final AtomicInteger downloadsBroken = new AtomicInteger();

    @BeforeAll
    static void start() {
        backend = Backend.http("stream")
                .raw("/upload", blocking(StreamingTest::countUpload))
                .raw("/download", blocking(StreamingTest::download))
                .raw("/events", blocking(StreamingTest::events))
                .raw("/ws", Handlers.websocket((exchange, channel) -> {
                    channel.getReceiveSetter().set(new AbstractReceiveListener() {
                        @Override
                        protected void onFullTextMessage(WebSocketChannel ch, BufferedTextMessage message) {
                            WebSockets.sendText("echo: " + message.getData(), ch, null);
                        }

                        @Override
                        protected void onFullBinaryMessage(WebSocketChannel ch, BufferedBinaryMessage message) {
                            WebSockets.sendBinary(message.getData().getResource(), ch, null);
                        }
                    });
                    channel.resumeReceives();
                }))
                .start();
        // maxRequestTime runs from the request's arrival to the response headers, uploads included:
        // the uploads get no limit, the event stream keeps the 1000 ms default it must outlive
        proxy = ProxyUnderTest.in(dir).hosts(backend.url()).value("proxy.maxRequestTime", 1000)
                .value("proxy.pathTimeouts", Map.of("/upload", 0)).start();
    }

    @AfterAll
    static void stop() {
        proxy.close();
        backend.close();
    }

    private interface Blocking {
        void handle(HttpServerExchange exchange) throws Exception;
    }

    private static HttpHandler blocking(Blocking handler) {
        return exchange -> exchange.dispatch(() -> {
            exchange.startBlocking();
            try {
                handler.handle(exchange);
            } catch (Exception e) {
                exchange.setStatusCode(500);
            }
            exchange.endExchange();
        });
    }

    /** Answers "bytes crc" of the request body, read in 64 KB steps. */
    private static void countUpload(HttpServerExchange exchange) throws IOException {
        CRC32 crc = new CRC32();
        long count = 0;
        byte[] buf = new byte[64 * 1024];
        InputStream in = exchange.getInputStream();
        int n;
        try {
            while ((n = in.read(buf)) >= 0) {
                if (count == 0 && n > 0) {
                    uploadFirstByteAt.set(System.nanoTime());
                }
                crc.update(buf, 0, n);
                count += n;
            }
        } catch (IOException e) {
            uploadsBroken.incrementAndGet();
            throw e;
        }
        exchange.getResponseSender().send(count + " " + Long.toHexString(crc.getValue()));
    }

    /** Writes ?size= generated bytes (default 200 MB), with a Content-Length unless ?chunked. */
    private static void download(HttpServerExchange exchange) throws IOException {
        long size = exchange.getQueryParameters().containsKey("size")
                ? Long.parseLong(exchange.getQueryParameters().get("size").getFirst()) : DOWNLOAD;
        if (!exchange.getQueryParameters().containsKey("chunked")) {
            exchange.setResponseContentLength(size);
        }
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/octet-stream");
        OutputStream out = exchange.getOutputStream();
        byte[] buf = new byte[64 * 1024];
        try {
            for (long pos = 0; pos < size; ) {
                int n = (int) Math.min(buf.length, size - pos);
                Bytes.fill(buf, n, pos);
                out.write(buf, 0, n);
                pos += n;
            }
            out.flush();
        } catch (IOException e) {
            downloadsBroken.incrementAndGet();
            throw e;
        }
        downloadLastByteAt.set(System.nanoTime());
        out.close();
    }

    /** Ten events, one every 300 ms. */
    private static void events(HttpServerExchange exchange) throws Exception {
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/event-stream");
        exchange.getResponseHeaders().put(Headers.CACHE_CONTROL, "no-cache");
        OutputStream out = exchange.getOutputStream();
        for (int i = 0; i < 10; i++) {
            out.write(("id: " + i + "\ndata: event " + i + "\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            Pace.slowSender(Duration.ofMillis(300)); // a stream that outlives maxRequestTime, event by event
        }
        out.close();
    }

    /** Counts the bytes it hands out into a CRC, and notes when it handed out the last one. */
    private static final class Checksummed extends FilterInputStream {
        final CRC32 crc = new CRC32();
        volatile long lastByteAt;

        Checksummed(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                crc.update(b, off, n);
            } else if (n < 0 && lastByteAt == 0) {
                lastByteAt = System.nanoTime();
            }
            return n;
        }
    }

    @Test
    void aOneGigabyteUploadIsStreamedToTheUpstream() throws Exception {
        Checksummed body = new Checksummed(Bytes.stream(GB));
        HttpRequest request = proxy.request("/upload").timeout(Duration.ofSeconds(90))
                .header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofInputStream(() -> body), GB))
                .build();
        long start = System.nanoTime();
        HttpResponse<String> r = ProxyUnderTest.HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(GB + " " + Long.toHexString(body.crc.getValue()), r.body(), "every byte arrived in order");
        assertTrue(body.lastByteAt > 0);
        long lead = TimeUnit.NANOSECONDS.toMillis(body.lastByteAt - uploadFirstByteAt.get());
        assertTrue(lead > took / 4, "the upstream had the first bytes " + lead + " ms before the client sent the last (of "
                + took + " ms): the proxy does not hold the body");
    }

    @Test
    void anUploadSlowerThanMaxRequestTimeIsNotA504BecauseTheTimeoutStartsOnceItIsSent(@TempDir Path other) throws Exception {
        try (ProxyUnderTest strict = ProxyUnderTest.in(other).hosts(backend.url()).value("proxy.maxRequestTime", 300).start()) {
            InputStream slow = new InputStream() {
                private int left = 20;

                @Override
                public int read() {
                    return left > 0 ? 'x' : -1;
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    if (left-- <= 0) {
                        return -1;
                    }
                    Pace.slowSender(Duration.ofMillis(50)); // a 1 s upload
                    b[off] = 'x';
                    return 1;
                }
            };
            HttpResponse<String> r = ProxyUnderTest.HTTP.send(strict.request("/upload")
                    .POST(HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofInputStream(() -> slow), 20))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), "Envoy's model: maxRequestTime bounds the wait for the answer: " + r.body());
        }
    }

    @Test
    void aChunkedUploadOfUnknownLengthIsStreamedToo() throws Exception {
        long size = 64L << 20;
        Checksummed body = new Checksummed(Bytes.stream(size));
        HttpResponse<String> r = ProxyUnderTest.HTTP.send(proxy.request("/upload").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(size + " " + Long.toHexString(body.crc.getValue()), r.body());
    }

    @Test
    void aLargeDownloadIsStreamedToTheClient() throws Exception {
        for (boolean chunked : new boolean[] {false, true}) {
            long size = chunked ? 32L << 20 : DOWNLOAD;
            downloadLastByteAt.set(0);
            HttpResponse<InputStream> r = ProxyUnderTest.HTTP.send(proxy.request("/download?size=" + size + (chunked ? "&chunked" : ""))
                    .timeout(Duration.ofSeconds(60)).GET().build(), HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, r.statusCode());
            assertEquals(chunked ? null : String.valueOf(size), r.headers().firstValue("Content-Length").orElse(null));
            CRC32 crc = new CRC32();
            long count = 0;
            long firstByteAt = 0;
            byte[] buf = new byte[64 * 1024];
            try (InputStream in = r.body()) {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    if (firstByteAt == 0 && n > 0) {
                        firstByteAt = System.nanoTime();
                    }
                    crc.update(buf, 0, n);
                    count += n;
                }
            }
            assertEquals(size, count);
            assertEquals(Bytes.crc(size), crc.getValue(), "every byte in order");
            if (!chunked) {
                assertTrue(downloadLastByteAt.get() > firstByteAt,
                        "the client had the first bytes before the upstream wrote the last: the proxy does not hold the body");
            }
        }
    }

    @Test
    void serverSentEventsArriveAsTheyAreSentAndAreNotCutAtMaxRequestTime() throws Exception {
        long start = System.nanoTime();
        HttpResponse<Stream<String>> r = ProxyUnderTest.HTTP.send(proxy.request("/events").header("Accept", "text/event-stream")
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, r.statusCode());
        assertEquals("text/event-stream", r.headers().firstValue("Content-Type").orElse(null));
        List<String> events = new ArrayList<>();
        List<Long> at = new ArrayList<>();
        try (Stream<String> lines = r.body()) {
            Iterator<String> it = lines.iterator();
            while (it.hasNext()) {
                String line = it.next();
                if (line.startsWith("data: ")) {
                    events.add(line.substring(6));
                    at.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
                }
            }
        }
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            expected.add("event " + i);
        }
        assertEquals(expected, events, "all events, in order, past maxRequestTime (1000 ms); arrival ms " + at);
        assertTrue(at.get(0) < 700, "the first event arrives at once, not at the end: " + at);
        assertTrue(at.get(4) < 2300, "events arrive as they are sent: " + at);
        assertTrue(at.get(9) >= 2500, "the stream ran its 3 s: " + at);
    }

    @Test
    void aWebSocketUpgradeIsTunnelledToTheUpstream() throws Exception {
        BlockingQueue<Object> received = new LinkedBlockingQueue<>();
        CompletableFuture<Integer> closed = new CompletableFuture<>();
        WebSocket.Listener listener = new WebSocket.Listener() {
            private final StringBuilder text = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                text.append(data);
                if (last) {
                    received.add(text.toString());
                    text.setLength(0);
                }
                ws.request(1);
                return null;
            }

            private final ByteArrayOutputStream binary = new ByteArrayOutputStream();

            @Override
            public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer data, boolean last) {
                byte[] b = new byte[data.remaining()];
                data.get(b);
                binary.writeBytes(b);
                if (last) {
                    received.add(binary.toByteArray());
                    binary.reset();
                }
                ws.request(1);
                return null;
            }

            @Override
            public CompletionStage<?> onClose(WebSocket ws, int statusCode, String reason) {
                closed.complete(statusCode);
                return null;
            }

            @Override
            public void onError(WebSocket ws, Throwable error) {
                closed.completeExceptionally(error);
            }
        };
        WebSocket ws = ProxyUnderTest.HTTP.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(5))
                .buildAsync(URI.create("ws://127.0.0.1:" + proxy.port() + "/ws"), listener).get(10, TimeUnit.SECONDS);
        ws.sendText("hello", true).get(5, TimeUnit.SECONDS);
        assertEquals("echo: hello", received.poll(5, TimeUnit.SECONDS));
        String big = "x".repeat(200_000);
        ws.sendText(big, true).get(5, TimeUnit.SECONDS);
        assertEquals("echo: " + big, received.poll(5, TimeUnit.SECONDS));
        byte[] bin = new byte[70_000];
        Bytes.fill(bin, bin.length, 7);
        ws.sendBinary(ByteBuffer.wrap(bin), true).get(5, TimeUnit.SECONDS);
        Object echoed = received.poll(5, TimeUnit.SECONDS);
        assertNotNull(echoed, "binary echo");
        assertArrayEquals(bin, (byte[]) echoed);
        // past maxRequestTime (1000 ms) the tunnel stays open: it is not a request waiting for its answer
        Await.never(closed::isDone, Duration.ofMillis(1200), "the tunnel closed past maxRequestTime");
        ws.sendText("still there", true).get(5, TimeUnit.SECONDS);
        assertEquals("echo: still there", received.poll(5, TimeUnit.SECONDS));
        ws.sendClose(WebSocket.NORMAL_CLOSURE, "bye").get(5, TimeUnit.SECONDS);
        assertEquals(WebSocket.NORMAL_CLOSURE, closed.get(5, TimeUnit.SECONDS));
        assertEquals(200, proxy.get("/after-ws").statusCode(), "the proxy goes on serving");
    }

    @Test
    void aClientLeavingMidDownloadEndsTheUpstreamResponse() throws Exception {
        int before = downloadsBroken.get();
        try (RawHttp c = new RawHttp(proxy.port())) {
            c.send("GET /download HTTP/1.1\r\nHost: x\r\n\r\n");
            // read a little of the 200 MB, then hang up
            c.readSome(1 << 20);
        }
        Await.until(() -> downloadsBroken.get() > before, Duration.ofSeconds(30), "the upstream's write failed: the proxy closed its side");
        assertEquals(200, proxy.get("/after-download").statusCode());
    }

    @Test
    void aClientLeavingMidUploadEndsTheUpstreamRequest() throws Exception {
        int before = uploadsBroken.get();
        long firstByteBefore = uploadFirstByteAt.get();
        try (RawHttp c = new RawHttp(proxy.port())) {
            c.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 104857600\r\n\r\n");
            byte[] some = new byte[1 << 20];
            Bytes.fill(some, some.length, 0);
            c.send(some);
            Await.until(() -> uploadFirstByteAt.get() != firstByteBefore, Duration.ofSeconds(30), "the upload reached the upstream");
        }
        Await.until(() -> uploadsBroken.get() > before, Duration.ofSeconds(30), "the upstream's read failed: the proxy closed its side");
        assertEquals(200, proxy.get("/after-upload").statusCode());
    }

    @Test
    void theConnectionOfAnAbandonedDownloadIsNotReusedForTheNextRequest(@TempDir Path other) throws Exception {
        // one IO thread with one upstream connection: the next request gets that connection unless it was closed
        int brokenBefore = downloadsBroken.get();
        try (ProxyUnderTest narrow = ProxyUnderTest.in(other).hosts(backend.url()).value("server.ioThreads", 1)
                .value("proxy.connectionsPerThread", 1).start()) {
            try (RawHttp c = new RawHttp(narrow.port())) {
                c.send("GET /download HTTP/1.1\r\nHost: x\r\n\r\n");
                c.readSome(1 << 20);
            }
            Await.until(() -> downloadsBroken.get() > brokenBefore, Duration.ofSeconds(30), "the proxy ended the abandoned download upstream");
            for (int i = 0; i < 3; i++) {
                long start = System.nanoTime();
                HttpResponse<String> r = narrow.get("/next/" + i);
                assertEquals(200, r.statusCode(), r.body());
                assertEquals("hello from stream", r.body());
                assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 900, "answered at once");
            }
        }
    }
}
