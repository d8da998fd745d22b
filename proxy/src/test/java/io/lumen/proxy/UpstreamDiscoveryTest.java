package io.lumen.proxy;

import io.lumen.client.testing.TestDnsServer;
import io.lumen.handler.metrics.Registries;
import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.proxy.upstream.Upstream;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

import static io.lumen.testkit.core.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An upstream given by name with {@code discovery.enabled}: a DNS server of the test's own on
 * loopback names three backends on 127.0.0.2-4 (one port); the proxy sends to every address,
 * follows changes, drains removed addresses, and keeps the last set when DNS fails.
 */
class UpstreamDiscoveryTest {
    private TestDnsServer dns;
    private Backend a;
    private Backend b;
    private Backend c;
    private ProxyUnderTest proxy;
    private int port;

    @BeforeEach
    void start(@TempDir Path dir) throws Exception {
        dns = new TestDnsServer();
        a = Backend.http("a").respond("/slow", Backend.slow(700, () -> "slow from a")).startOn("127.0.0.2", 0);
        port = a.port();
        b = Backend.http("b").startOn("127.0.0.3", port);
        c = Backend.http("c").startOn("127.0.0.4", port);
        dns.addresses("pets.test", 1, "127.0.0.2", "127.0.0.3");
        proxy = ProxyUnderTest.in(dir).hosts("http://pets.test:" + port)
                .value("proxy.discovery.enabled", true)
                .value("proxy.discovery.resolvers", dns.address())
                .value("proxy.discovery.minTtl", 20)
                .value("proxy.discovery.maxTtl", 50)
                .value("proxy.discovery.interval", 50)
                .value("proxy.discovery.timeout", 200)
                .start();
    }

    @AfterEach
    void stop() {
        proxy.close();
        a.close();
        b.close();
        c.close();
        dns.close();
    }

    @Test
    void everyAddressGetsRequestsAndTheSetFollowsDns() {
        for (int i = 0; i < 10; i++) {
            assertEquals(200, proxy.get("/pets").statusCode());
        }
        assertEquals(5, a.count());
        assertEquals(5, b.count());
        assertEquals("pets.test:" + port, a.last().header("Host"), "the Host is the discovered name, not the address");

        dns.addresses("pets.test", 1, "127.0.0.3", "127.0.0.4");
        until(() -> ProxyInternals.upstreams(proxy).all().size() == 2
                && ProxyInternals.upstreams(proxy).all().stream().anyMatch(u -> u.origin().contains("127.0.0.4")));
        int before = a.count();
        for (int i = 0; i < 10; i++) {
            assertEquals(200, proxy.get("/pets").statusCode());
        }
        assertEquals(before, a.count(), "a removed address gets nothing new");
        assertEquals(10, b.count());
        assertEquals(5, c.count());
    }

    @Test
    void aRemovedAddressFinishesItsRequestsInFlightThenItsConnectionsClose() {
        dns.addresses("pets.test", 1, "127.0.0.2");
        until(() -> ProxyInternals.upstreams(proxy).all().size() == 1);
        Upstream old = ProxyInternals.upstreams(proxy).all().get(0);
        CompletableFuture<HttpResponse<String>> slow = CompletableFuture.supplyAsync(() -> proxy.get("/slow"));
        until(() -> a.inFlight() == 1);

        dns.addresses("pets.test", 1, "127.0.0.3");
        until(() -> ProxyInternals.upstreams(proxy).all().size() == 1 && ProxyInternals.upstreams(proxy).all().get(0) != old);
        assertTrue(old.retired());
        assertEquals(1, old.outstanding(), "still draining while its request runs");
        assertEquals(200, proxy.get("/pets").statusCode());
        assertEquals(1, b.count(), "new requests go to the address that is in DNS now");

        HttpResponse<String> r = slow.join();
        assertEquals(200, r.statusCode(), "the request in flight on the removed address finished");
        assertEquals("slow from a", r.body());
        until(() -> old.pool().openConnections() == 0);
    }

    @Test
    void dnsFailuresKeepTheLastSetAndAreCounted() {
        MeterRegistry registry = Registries.of(proxy.service().context());
        dns.mode(TestDnsServer.Mode.SERVFAIL);
        until(() -> failures(registry) >= 2);
        for (int i = 0; i < 4; i++) {
            assertEquals(200, proxy.get("/pets").statusCode());
        }
        assertEquals(2, a.count());
        assertEquals(2, b.count());
        assertEquals(2.0, registry.get("lumen.proxy.upstreams").gauge().value());

        dns.mode(TestDnsServer.Mode.SILENT); // the server does not answer: each query times out
        double before = failures(registry);
        until(() -> failures(registry) > before);
        assertEquals(200, proxy.get("/pets").statusCode());
        dns.mode(TestDnsServer.Mode.ANSWER);
    }

    private static double failures(MeterRegistry registry) {
        return registry.get("lumen.proxy.dns.failures").functionCounter().count();
    }
}
