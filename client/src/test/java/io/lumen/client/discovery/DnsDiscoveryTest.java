package io.lumen.client.discovery;

import io.lumen.client.testing.TestDnsServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.lumen.testkit.core.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Resolution against a DNS server of the test's own on loopback. */
class DnsDiscoveryTest {
    private TestDnsServer dns;
    private DnsDiscovery discovery;

    @BeforeEach
    void start() throws Exception {
        dns = new TestDnsServer();
    }

    @AfterEach
    void stop() {
        if (discovery != null) {
            discovery.close();
        }
        dns.close();
    }

    /**
     * A query timeout far above what a loaded machine needs for a loopback answer: the first
     * resolution happens inside {@code watch} and must not time out.
     */
    private static final long QUERY_TIMEOUT = 3000;

    private DnsDiscovery discovery(boolean srv, long minTtl, long maxTtl, long interval) {
        return discovery(srv, minTtl, maxTtl, interval, QUERY_TIMEOUT);
    }

    private DnsDiscovery discovery(boolean srv, long minTtl, long maxTtl, long interval, long queryTimeout) {
        discovery = new DnsDiscovery(new DiscoveryConfig(true, null, List.of(dns.address()), interval, true, minTtl,
                maxTtl, queryTimeout, srv), "test-discovery");
        return discovery;
    }

    @Test
    void everyAddressBecomesAnEndpointAndChangesReachTheListener() {
        dns.addresses("pets.test", 1, "127.0.0.2", "127.0.0.3", "::1");
        List<List<Endpoint>> seen = new CopyOnWriteArrayList<>();
        DnsDiscovery.Watch w = discovery(false, 20, 50, 1000).watch("pets.test", "http", 8080, seen::add);
        assertEquals("[[0:0:0:0:0:0:0:1]:8080, 127.0.0.2:8080, 127.0.0.3:8080]", w.current().toString());
        assertEquals(1, seen.size(), "the first set is handed over at once");

        dns.addresses("pets.test", 1, "127.0.0.3", "127.0.0.4");
        until(() -> seen.size() == 2 && w.current().toString().equals("[127.0.0.3:8080, 127.0.0.4:8080]"));
        assertEquals(2, seen.size(), "one change, one call: " + seen);
        assertEquals(0, w.failures());
    }

    @Test
    void failuresKeepTheLastGoodSetAndAreCounted() {
        dns.addresses("pets.test", 1, "127.0.0.2", "127.0.0.3");
        // a silent server is a failure only after the query timeout (and dnsjava's one retry)
        DnsDiscovery.Watch w = discovery(false, 20, 20, 20, 1000).watch("pets.test", "http", 80, e -> { });
        assertEquals(2, w.current().size());

        dns.mode(TestDnsServer.Mode.SERVFAIL);
        until(() -> w.failures() >= 2);
        assertEquals(2, w.current().size(), "SERVFAIL keeps the last good set");

        dns.mode(TestDnsServer.Mode.SILENT);
        long before = w.failures();
        until(() -> w.failures() > before, Duration.ofSeconds(30), "a query to a silent server timed out");
        assertEquals(2, w.current().size(), "a timeout keeps the last good set");

        dns.mode(TestDnsServer.Mode.ANSWER);
        dns.remove("pets.test");
        long before2 = w.failures();
        until(() -> w.failures() > before2);
        assertEquals(2, w.current().size(), "NXDOMAIN never empties the set");
        assertTrue(discovery.failures() >= w.failures());

        dns.addresses("pets.test", 1, "127.0.0.5");
        until(() -> w.current().size() == 1);
    }

    @Test
    void aNameThatNeverResolvedStartsEmptyAndFillsWhenItDoes() {
        DnsDiscovery.Watch w = discovery(false, 20, 20, 20).watch("later.test", "http", 80, e -> { });
        assertEquals(List.of(), w.current());
        assertTrue(w.failures() >= 1);
        dns.addresses("later.test", 5, "127.0.0.9");
        until(() -> w.current().size() == 1);
    }

    @Test
    void srvRecordsGiveTargetsAndPortsOfTheLowestPriority() {
        dns.srv("_http._tcp.pets.test", 5, "10 5 9001 a.pets.test", "10 5 9002 b.pets.test", "20 5 9003 c.pets.test");
        dns.addresses("a.pets.test", 5, "127.0.0.2");
        dns.addresses("b.pets.test", 5, "127.0.0.3");
        dns.addresses("c.pets.test", 5, "127.0.0.4");
        DnsDiscovery.Watch w = discovery(true, 20, 50, 1000).watch("pets.test", "http", 80, e -> { });
        assertEquals("[127.0.0.2:9001, 127.0.0.3:9002]", w.current().toString());

        dns.srv("_http._tcp.pets.test", 5, "20 5 9003 c.pets.test");
        until(() -> w.current().toString().equals("[127.0.0.4:9003]"));
    }

    @Test
    void longTtlsAreCutToMaxTtlAndTtlZeroIsRaisedToMinTtl() {
        dns.addresses("pets.test", 86_400, "127.0.0.2");
        discovery(false, 20, 30, 60_000).watch("pets.test", "http", 80, e -> { });
        int first = dns.queries();
        until(() -> dns.queries() >= first + 6); // a day-long TTL, yet asked again within maxTtl

        DiscoveryConfig c = new DiscoveryConfig(true, null, null, 5000L, true, 1000L, 30_000L, null, null);
        assertEquals(1000, c.nextDelay(0));
        assertEquals(7000, c.nextDelay(7));
        assertEquals(30_000, c.nextDelay(86_400));
        assertEquals(5000, new DiscoveryConfig(true, null, null, 5000L, false, null, null, null, null).nextDelay(7));
    }

    @Test
    void badSettingsNameTheKey() {
        assertEquals("discovery.resolvers: 'dns.example' must be an IP address with an optional port, e.g. 10.96.0.10 or 127.0.0.1:5353",
                assertThrows(IllegalArgumentException.class, () -> new DiscoveryConfig(true, null, List.of("dns.example"),
                        null, null, null, null, null, null)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new DiscoveryConfig(true, null, List.of("127.0.0.1:0"),
                null, null, null, null, null, null)).getMessage().contains("no valid port"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new DiscoveryConfig(true, null, null,
                null, null, 5000L, 1000L, null, null)).getMessage().contains("maxTtl"));
        assertEquals(5353, new DiscoveryConfig(true, null, List.of("[::1]:5353"), null, null, null, null, null, null)
                .resolverAddresses().get(0).getPort());
        assertEquals(53, new DiscoveryConfig(true, null, List.of("10.96.0.10"), null, null, null, null, null, null)
                .resolverAddresses().get(0).getPort());
    }
}
