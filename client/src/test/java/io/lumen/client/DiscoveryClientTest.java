package io.lumen.client;

import io.lumen.client.discovery.DiscoveryConfig;
import io.lumen.client.testing.TestDnsServer;
import io.undertow.Undertow;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.SameThreadExecutor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.lumen.testkit.core.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code discovery.hosts}: requests to a name go to every address a DNS server of the test's own
 * gives for it (servers on 127.0.0.2-4, one port), follow changes, drain removed addresses, retry on
 * another address, and keep the last addresses when DNS fails.
 */
class DiscoveryClientTest {
    private TestDnsServer dns;
    private final List<Undertow> servers = new ArrayList<>();
    private final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> openConnections = new ConcurrentHashMap<>();
    private final Map<String, String> hosts = new ConcurrentHashMap<>();
    /** Addresses whose server answers like a draining Lumen service. */
    private final Set<String> draining = ConcurrentHashMap.newKeySet();
    private LumenClient client;
    private int port;

    @BeforeEach
    void start() throws Exception {
        dns = new TestDnsServer();
        port = server("127.0.0.2", 0);
        server("127.0.0.3", port);
        server("127.0.0.4", port);
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        servers.forEach(Undertow::stop);
        dns.close();
    }

    /** A server on ip:port answering its address (after ?ms=N milliseconds on a worker thread). */
    private int server(String ip, int wanted) {
        hits.put(ip, new AtomicInteger());
        openConnections.put(ip, new AtomicInteger());
        Set<Object> seen = ConcurrentHashMap.newKeySet();
        Undertow u = Undertow.builder().setIoThreads(1).setWorkerThreads(4).addHttpListener(wanted, ip)
                .setHandler((HttpServerExchange ex) -> {
                    if (seen.add(ex.getConnection())) {
                        openConnections.get(ip).incrementAndGet();
                        ex.getConnection().addCloseListener(c -> openConnections.get(ip).decrementAndGet());
                    }
                    hits.get(ip).incrementAndGet();
                    hosts.put(ip, ex.getRequestHeaders().getFirst(Headers.HOST));
                    if (draining.contains(ip)) {
                        ex.setStatusCode(503);
                        ex.getResponseHeaders().put(new HttpString("Lumen-Unprocessed"), "draining");
                        ex.setPersistent(false);
                        ex.getResponseSender().send("{\"code\":\"ERR19000\"}");
                        return;
                    }
                    String ms = ex.getQueryParameters().containsKey("ms") ? ex.getQueryParameters().get("ms").getFirst() : null;
                    if (ms != null && ex.isInIoThread()) {
                        ex.dispatch(SameThreadExecutor.INSTANCE, () -> ex.getIoThread().executeAfter(
                                () -> ex.getResponseSender().send(ip), Long.parseLong(ms), TimeUnit.MILLISECONDS));
                        return;
                    }
                    ex.getResponseSender().send(ip);
                }).build();
        u.start();
        servers.add(u);
        return ((InetSocketAddress) u.getListenerInfo().get(0).getAddress()).getPort();
    }

    private LumenClient client(int maxRetries) {
        client = LumenClient.builder().maxRetries(maxRetries).timeout(5000)
                .discovery(new DiscoveryConfig(true, List.of("http://pets.test:" + port), List.of(dns.address()),
                        50L, true, 20L, 50L, 300L, false))
                .build();
        return client;
    }

    private URI uri(String path) {
        return URI.create("http://pets.test:" + port + path);
    }

    private String get(String path) {
        Response r = client.send(Request.get(uri(path)).build()).join();
        assertEquals(200, r.status());
        return r.bodyString();
    }

    @Test
    void requestsGoToEveryAddressAndFollowDns() {
        dns.addresses("pets.test", 1, "127.0.0.2", "127.0.0.3");
        client(0);
        for (int i = 0; i < 10; i++) {
            get("/pets");
        }
        assertEquals(5, hits.get("127.0.0.2").get());
        assertEquals(5, hits.get("127.0.0.3").get());
        assertEquals("pets.test:" + port, hosts.get("127.0.0.2"), "Host names the service, not the address");

        dns.addresses("pets.test", 1, "127.0.0.3", "127.0.0.4");
        until(() -> client.discoveredAddresses(uri("/")).toString().contains("127.0.0.4")
                && client.discoveredAddresses(uri("/")).size() == 2);
        for (int i = 0; i < 10; i++) {
            get("/pets");
        }
        assertEquals(5, hits.get("127.0.0.2").get(), "a removed address gets nothing new");
        assertEquals(5, hits.get("127.0.0.4").get());
    }

    @Test
    void aRemovedAddressFinishesItsRequestsThenItsConnectionsClose() {
        dns.addresses("pets.test", 1, "127.0.0.2");
        client(0);
        CompletableFuture<Response> slow = client.send(Request.get(uri("/slow?ms=600")).build());
        until(() -> hits.get("127.0.0.2").get() == 1);
        dns.addresses("pets.test", 1, "127.0.0.3");
        until(() -> client.discoveredAddresses(uri("/")).toString().equals("[http://127.0.0.3:" + port + "]"));
        assertEquals("127.0.0.3", get("/pets"));
        Response r = slow.join();
        assertEquals(200, r.status(), "the request in flight on the removed address finished");
        assertEquals("127.0.0.2", r.bodyString());
        until(() -> openConnections.get("127.0.0.2").get() == 0);
    }

    @Test
    void aRequestThatReachedNoAddressGoesToAnother() {
        dns.addresses("pets.test", 1, "127.0.0.2", "127.0.0.9"); // nothing listens on 127.0.0.9
        client(2);
        for (int i = 0; i < 6; i++) {
            Response r = client.send(Request.newBuilder(uri("/post")).method("POST").body("x".getBytes()).build()).join();
            assertEquals(200, r.status());
        }
        assertEquals(6, hits.get("127.0.0.2").get(), "refused connects were retried on the other address, POSTs included");
    }

    @Test
    void aRequestRefusedUnprocessedGoesToAnotherAddressWhateverItsMethod() {
        dns.addresses("pets.test", 1, "127.0.0.2", "127.0.0.3");
        draining.add("127.0.0.2");
        client(1);
        for (int i = 0; i < 4; i++) {
            Response r = client.send(Request.newBuilder(uri("/post")).method("POST").body("x".getBytes()).build()).join();
            assertEquals(200, r.status());
            assertEquals("127.0.0.3", r.bodyString());
        }
        assertEquals(4, hits.get("127.0.0.3").get());
        client.close();
        client = client(0); // no retry left: the refusal is the answer
        int refusedBefore = hits.get("127.0.0.2").get();
        Response last = null;
        for (int i = 0; i < 2; i++) {
            last = client.send(Request.newBuilder(uri("/post")).method("POST").body("x".getBytes()).build()).join();
            if (last.status() == 503) {
                break;
            }
        }
        assertEquals(503, last.status());
        assertTrue(hits.get("127.0.0.2").get() > refusedBefore);
    }

    @Test
    void dnsFailuresKeepTheLastAddressesAndAreCounted() {
        dns.addresses("pets.test", 1, "127.0.0.2", "127.0.0.3");
        client(0);
        // resolved once before DNS fails (under load the first lookup could otherwise come after)
        get("/pets");
        get("/pets");
        dns.mode(TestDnsServer.Mode.SERVFAIL);
        until(() -> client.discoveryFailures() >= 2);
        get("/pets");
        get("/pets");
        assertEquals(2, hits.get("127.0.0.2").get());
        assertEquals(2, hits.get("127.0.0.3").get());
    }

    @Test
    void aNameWithoutAddressesFailsItsRequestsClearly() {
        client(0);
        ClientException e = assertThrows(CompletionException.class,
                () -> client.send(Request.get(uri("/pets")).build()).join()).getCause() instanceof ClientException c ? c : null;
        assertTrue(e != null && e.code().equals(ClientException.CONNECT_FAILED));
        assertTrue(e.getMessage().contains("no address of pets.test"), e.getMessage());
        dns.addresses("pets.test", 1, "127.0.0.4");
        until(() -> client.discoveredAddresses(uri("/")).size() == 1);
        assertEquals("127.0.0.4", get("/pets"));
    }

    /** The certificate names localhost and 127.0.0.1, not 127.0.0.2: only a handshake that names localhost passes. */
    @Test
    void overTlsTheHandshakeNamesTheDiscoveredNameNotTheAddress() {
        try (TestServer tls = TestServer.start(false, -1, "127.0.0.2", false)) {
            dns.addresses("localhost", 1, "127.0.0.2");
            client = ProtocolsTest.trusting().maxRetries(0)
                    .discovery(new DiscoveryConfig(true, List.of("https://localhost:" + tls.httpsPort), List.of(dns.address()),
                            50L, true, 20L, 50L, 300L, false))
                    .build();
            URI origin = URI.create("https://localhost:" + tls.httpsPort + "/");
            assertEquals("[https://127.0.0.2:" + tls.httpsPort + "]", client.discoveredAddresses(origin).toString());
            Response r = client.send(Request.get(origin.resolve("/get?name=tls")).build()).join();
            assertEquals(200, r.status());
            assertEquals("Hello tls", r.bodyString());
        }
    }

    @Test
    void anAddressInDiscoveryHostsIsAConfigError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ClientConfig(null, null,
                new DiscoveryConfig(true, List.of("http://10.0.0.1:8080"), null, null, null, null, null, null, null), null, null));
        assertEquals("discovery.hosts: 'http://10.0.0.1:8080' is an address, not a name to look up", e.getMessage());
    }
}
