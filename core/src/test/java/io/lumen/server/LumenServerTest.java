package io.lumen.server;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import io.lumen.testkit.core.Await;
import io.undertow.server.HttpHandler;
import io.undertow.util.Headers;
import org.junit.jupiter.api.Test;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server through real HTTP/1.1, h2c, HTTPS + HTTP/2 and two-way TLS on free ports. */
class LumenServerTest {
    private static final Path TLS = Path.of("src/test/resources/tls");
    private static final HttpHandler HELLO = ex -> {
        ex.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
        ex.getResponseSender().send("hello " + ex.getProtocol());
    };

    private static LumenServer start(Map<String, Object> values, HttpHandler root) {
        ConfigLoader loader = ConfigLoader.builder().configDirs(List.of(TLS)).overrides(values).env(k -> null).build();
        // no server.yml in the dir: bind the overrides through a synthetic file-less config
        ServerConfig config = loader.mapper().convertValue(values, ServerConfig.class);
        LumenServer server = new LumenServer(config, loader, new Readiness());
        server.start(root);
        return server;
    }

    private static Map<String, Object> http() {
        return Map.of("httpPort", 0, "ip", "127.0.0.1", "serverString", "lumen-test");
    }

    private static Map<String, Object> https(String keystore, boolean twoWay) {
        return Map.of("enableHttp", false, "enableHttps", true, "httpsPort", 0, "ip", "127.0.0.1",
                "keystoreName", keystore, "keystorePass", "changeit", "enableTwoWayTls", twoWay,
                "truststoreName", "server-trust.p12", "truststorePass", "changeit");
    }

    private static SSLContext clientTls(boolean withClientCert) throws Exception {
        KeyStore trust = load("client-trust.p12");
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        KeyManagerFactory kmf = null;
        if (withClientCert) {
            kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(load("client.p12"), "changeit".toCharArray());
        }
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return ctx;
    }

    private static KeyStore load(String name) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (FileInputStream in = new FileInputStream(TLS.resolve(name).toFile())) {
            ks.load(in, "changeit".toCharArray());
        }
        return ks;
    }

    private static HttpResponse<String> get(HttpClient client, URI uri) throws Exception {
        return client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesHttp11AndUpgradesCleartextToH2c() throws Exception {
        LumenServer server = start(http(), HELLO);
        try {
            URI uri = URI.create("http://127.0.0.1:" + server.httpPort() + "/");
            HttpResponse<String> h1 = get(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(), uri);
            assertEquals("hello HTTP/1.1", h1.body());
            assertEquals("lumen-test", h1.headers().firstValue("Server").orElseThrow());
            assertFalse(h1.headers().firstValue("Connection").isPresent(), "ALWAYS_SET_KEEP_ALIVE=false");
            HttpClient h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
            get(h2, uri); // the first request upgrades the connection
            HttpResponse<String> r = get(h2, uri);
            assertEquals(HttpClient.Version.HTTP_2, r.version());
            assertEquals("hello HTTP/2.0", r.body());
        } finally {
            server.stop(null);
        }
    }

    @Test
    void sendsNoServerHeaderByDefault() throws Exception {
        LumenServer server = start(Map.of("httpPort", 0, "ip", "127.0.0.1"), HELLO);
        try {
            HttpResponse<String> r = get(HttpClient.newHttpClient(), URI.create("http://127.0.0.1:" + server.httpPort() + "/"));
            assertFalse(r.headers().firstValue("Server").isPresent());
            assertTrue(r.headers().firstValue("Date").isPresent(), "alwaysSetDate defaults to true (RFC 9110 6.6.1)");
        } finally {
            server.stop(null);
        }
    }

    @Test
    void servesHttpsWithHttp2NegotiatedByAlpnFromPkcs12AndJks() throws Exception {
        for (String keystore : new String[] {"server.p12", "server.jks"}) {
            LumenServer server = start(https(keystore, false), HELLO);
            try {
                assertEquals(-1, server.httpPort());
                HttpClient client = HttpClient.newBuilder().sslContext(clientTls(false)).build();
                HttpResponse<String> r = get(client, URI.create("https://localhost:" + server.httpsPort() + "/"));
                assertEquals(HttpClient.Version.HTTP_2, r.version(), keystore);
                assertEquals("hello HTTP/2.0", r.body());
            } finally {
                server.stop(null);
            }
        }
    }

    @Test
    void twoWayTlsRequiresATrustedClientCertificate() throws Exception {
        LumenServer server = start(https("server.p12", true), HELLO);
        try {
            URI uri = URI.create("https://localhost:" + server.httpsPort() + "/");
            HttpResponse<String> ok = get(HttpClient.newBuilder().sslContext(clientTls(true)).build(), uri);
            assertEquals(200, ok.statusCode());
            HttpClient anonymous = HttpClient.newBuilder().sslContext(clientTls(false)).build();
            IOException refused = assertThrows(IOException.class, () -> get(anonymous, uri));
            assertTrue(refused instanceof SSLHandshakeException || refused.getMessage() != null, refused.toString());
        } finally {
            server.stop(null);
        }
    }

    @Test
    void missingKeystoreIsAConfigErrorNamingTheFile() {
        Map<String, Object> values = new HashMap<>(https("nope.p12", false));
        ConfigException e = assertThrows(ConfigException.class, () -> start(values, HELLO));
        assertTrue(e.getMessage().contains("key store 'nope.p12' not found"), e.getMessage());
    }

    @Test
    void wrongKeystorePasswordIsAConfigError() {
        Map<String, Object> values = new HashMap<>(https("server.p12", false));
        values.put("keystorePass", "wrong");
        ConfigException e = assertThrows(ConfigException.class, () -> start(values, HELLO));
        assertTrue(e.getMessage().contains("cannot read key store"), e.getMessage());
    }

    @Test
    void gracefulStopLetsTheInFlightRequestFinishAndRefusesNewConnections() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1); // the request stays in flight until the stop has begun
        HttpHandler slow = ex -> ex.dispatch(() -> {
            entered.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ex.getResponseSender().send("done");
        });
        Readiness readiness = new Readiness();
        ConfigLoader loader = ConfigLoader.builder().env(k -> null).build();
        ServerConfig config = loader.mapper().convertValue(
                Map.of("httpPort", 0, "ip", "127.0.0.1", "shutdownGracefulPeriod", 5000), ServerConfig.class);
        LumenServer server = new LumenServer(config, loader, readiness);
        assertEquals(Readiness.State.STARTING, readiness.state());
        server.start(slow);
        assertTrue(readiness.isReady());
        URI uri = URI.create("http://127.0.0.1:" + server.httpPort() + "/");
        HttpClient client = HttpClient.newHttpClient();
        CompletableFuture<HttpResponse<String>> inFlight = client.sendAsync(
                HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(entered.await(5, TimeUnit.SECONDS));
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> server.stop(null));
        Await.until(() -> readiness.state() == Readiness.State.DRAINING, Duration.ofSeconds(30), "the stop has begun");
        release.countDown();
        HttpResponse<String> r = inFlight.get(5, TimeUnit.SECONDS);
        assertEquals(200, r.statusCode());
        assertEquals("done", r.body());
        stopping.get(5, TimeUnit.SECONDS);
        assertEquals(Readiness.State.STOPPED, readiness.state());
        Exception refused = assertThrows(Exception.class,
                () -> HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()));
        assertTrue(refused instanceof ConnectException || refused.getCause() instanceof ConnectException
                || refused instanceof IOException, refused.toString());
    }

    /** One HTTP/1.1 request on an open socket; returns the head (status line and headers) and the body. */
    private static String[] exchange(Socket socket, String path) throws IOException {
        socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed after " + head);
            }
            head.append((char) b);
        }
        Matcher m = Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
        int length = m.find() ? Integer.parseInt(m.group(1)) : 0;
        return new String[] {head.toString(), new String(in.readNBytes(length), StandardCharsets.UTF_8)};
    }

    @Test
    void aRequestOnAnOpenConnectionDuringTheDrainIsRefusedAsUnprocessed() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        HttpHandler handler = ex -> {
            if (!ex.getRequestPath().equals("/held")) {
                ex.getResponseSender().send("fast");
                return;
            }
            ex.dispatch(() -> {
                entered.countDown();
                try {
                    release.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                ex.getResponseSender().send("held");
            });
        };
        ConfigLoader loader = ConfigLoader.builder().env(k -> null).build();
        ServerConfig config = loader.mapper().convertValue(
                Map.of("httpPort", 0, "ip", "127.0.0.1", "shutdownGracefulPeriod", 5000), ServerConfig.class);
        LumenServer server = new LumenServer(config, loader, new Readiness());
        server.start(handler);
        try (Socket open = new Socket("127.0.0.1", server.httpPort())) {
            open.setSoTimeout(5000);
            assertTrue(exchange(open, "/fast")[0].startsWith("HTTP/1.1 200"));
            CompletableFuture<HttpResponse<String>> held = HttpClient.newHttpClient().sendAsync(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + "/held")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertTrue(entered.await(5, TimeUnit.SECONDS));
            CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> server.stop(null));
            String[] answer = exchange(open, "/fast");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (answer[0].startsWith("HTTP/1.1 200") && System.nanoTime() < deadline) {
                answer = exchange(open, "/fast"); // served until the refusals begin
            }
            String head = answer[0].toLowerCase(Locale.ROOT);
            assertTrue(head.startsWith("http/1.1 503"), answer[0]);
            assertTrue(head.contains("lumen-unprocessed: draining"), answer[0]);
            assertTrue(head.contains("connection: close"), answer[0]);
            assertEquals(-1, open.getInputStream().read(), "the connection is closed after the refusal");
            release.countDown();
            assertEquals("held", held.get(5, TimeUnit.SECONDS).body(), "the request in flight finished");
            stopping.get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void duringShutdownDelayRequestsAreStillServedWhileReadinessIsFalse() throws Exception {
        Readiness readiness = new Readiness();
        ConfigLoader loader = ConfigLoader.builder().env(k -> null).build();
        ServerConfig config = loader.mapper().convertValue(
                Map.of("httpPort", 0, "ip", "127.0.0.1", "shutdownDelay", 3000), ServerConfig.class);
        LumenServer server = new LumenServer(config, loader, readiness);
        server.start(HELLO);
        URI uri = URI.create("http://127.0.0.1:" + server.httpPort() + "/");
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> server.stop(null));
        Await.until(() -> readiness.state() == Readiness.State.DRAINING, Duration.ofSeconds(30), "readiness DRAINING");
        assertFalse(readiness.isReady());
        HttpResponse<String> r = get(HttpClient.newHttpClient(), uri);
        assertEquals(200, r.statusCode(), "a new connection is still served during the delay");
        assertFalse(stopping.isDone());
        stopping.get(10, TimeUnit.SECONDS);
        assertEquals(Readiness.State.STOPPED, readiness.state());
    }

    @Test
    void readinessIsFalseWhileDraining() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        HttpHandler held = ex -> ex.dispatch(() -> {
            entered.countDown();
            try {
                release.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ex.getResponseSender().send("ok");
        });
        Readiness readiness = new Readiness();
        ConfigLoader loader = ConfigLoader.builder().env(k -> null).build();
        ServerConfig config = loader.mapper().convertValue(Map.of("httpPort", 0, "ip", "127.0.0.1"), ServerConfig.class);
        LumenServer server = new LumenServer(config, loader, readiness);
        server.start(held);
        CompletableFuture<HttpResponse<String>> inFlight = HttpClient.newHttpClient().sendAsync(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + "/")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(entered.await(5, TimeUnit.SECONDS));
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> server.stop(null));
        Await.until(() -> readiness.state() == Readiness.State.DRAINING, Duration.ofSeconds(30), "readiness DRAINING");
        assertEquals(Readiness.State.DRAINING, readiness.state());
        assertFalse(readiness.isReady());
        release.countDown();
        assertEquals("ok", inFlight.get(5, TimeUnit.SECONDS).body());
        stopping.get(5, TimeUnit.SECONDS);
    }

    @Test
    void serverConfigRejectsImpossibleValues() {
        ConfigLoader loader = ConfigLoader.builder().env(k -> null).build();
        Exception noListener = assertThrows(IllegalArgumentException.class, () -> loader.mapper().convertValue(
                Map.of("enableHttp", false, "enableHttps", false), ServerConfig.class));
        assertTrue(noListener.getMessage().contains("no listener"), noListener.getMessage());
        Exception badPort = assertThrows(IllegalArgumentException.class, () -> loader.mapper().convertValue(
                Map.of("httpPort", 70000), ServerConfig.class));
        assertTrue(badPort.getMessage().contains("httpPort must be a port number"), badPort.getMessage());
    }
}
