package io.lumen.proxy;

import io.lumen.proxy.testing.ErrorJson;
import io.lumen.proxy.testing.ProxyUnderTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A proxy.yml that cannot work stops the service at startup with a message naming the file, the key and the value. */
class ConfigErrorsTest {

    /** Starts a proxy with {@code proxyYml}, expects startup to fail, returns the messages of the exception and its causes. */
    private static String startupFailure(Path dir, String proxyYml) {
        RuntimeException e = assertThrows(RuntimeException.class, () -> {
            ProxyUnderTest p = ProxyUnderTest.in(dir).file("proxy.yml", proxyYml).start();
            p.close();
        });
        StringBuilder messages = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages.append(t.getMessage()).append(" | ");
        }
        return messages.toString();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "discovery:\n  enabled: true\n  resolvers: [dns.example]\n|discovery.resolvers: 'dns.example' must be an IP address",
        "discovery:\n  enabled: true\n  resolvers: ['127.0.0.1:99999']\n|has no valid port",
        "discovery:\n  minTtl: 5000\n  maxTtl: 1000\n|discovery.maxTtl (1000) must not be below discovery.minTtl (5000)",
        "discovery:\n  interval: 0\n|discovery.interval must be at least 10 ms",
        "discovery:\n  hosts: [http://pets:8080]\n|discovery.hosts is client.yml's",
        "maxReplayBody: -1\n|maxReplayBody must be 0 to"})
    void badDiscoveryAndReplaySettingsFailNamingTheKey(String caseText, @TempDir Path dir) {
        String[] c = caseText.split("\\|");
        String m = startupFailure(dir, "hosts: http://127.0.0.1:8081\n" + c[0]);
        assertTrue(m.contains("proxy.yml") && m.contains(c[1]), m);
    }

    @Test
    void noHostsKeyFailsNamingProxyYmlAndHosts(@TempDir Path dir) {
        String m = startupFailure(dir, "maxRequestTime: 500\n");
        assertTrue(m.contains("proxy.yml") && m.contains("hosts is required"), m);
    }

    @Test
    void anEmptyHostsListFails(@TempDir Path dir) {
        String m = startupFailure(dir, "hosts: []\n");
        assertTrue(m.contains("proxy.yml") && m.contains("hosts is required"), m);
    }

    @Test
    void anEmptyHostsValueFromTheShippedConfigFails(@TempDir Path dir) {
        RuntimeException e = assertThrows(RuntimeException.class, () ->
                ProxyUnderTest.in(dir).value("proxy.hosts", "").start().close());
        assertTrue(e.getMessage().contains("proxy.yml") && e.getMessage().contains("hosts"), e.getMessage());
    }

    @ParameterizedTest(name = "hosts: {0}")
    @ValueSource(strings = {"ftp://127.0.0.1:21", "127.0.0.1:8080", "http://127.0.0.1:8080/api", "http://127.0.0.1:8080?x=1",
        "http://exa mple.com", "http://"})
    void aBadUrlInHostsFailsNamingIt(String bad, @TempDir Path dir) {
        String m = startupFailure(dir, "hosts:\n  - http://127.0.0.1:8081\n  - '" + bad + "'\n");
        assertTrue(m.contains("proxy.yml") && m.contains("hosts: '" + bad + "'"), m);
    }

    @Test
    void anUnknownLoadBalancingNameFails(@TempDir Path dir) {
        String m = startupFailure(dir, "hosts: [http://127.0.0.1:8081]\nloadBalancing: random\n");
        assertTrue(m.contains("proxy.yml") && m.contains("loadBalancing must be roundRobin or leastOutstanding, got 'random'"), m);
    }

    @Test
    void aMisspelledKeyFailsListingTheKnownOnes(@TempDir Path dir) {
        String m = startupFailure(dir, "hosts: [http://127.0.0.1:8081]\nmaxRequestTme: 500\n");
        assertTrue(m.contains("proxy.yml") && m.contains("unknown key 'maxRequestTme'") && m.contains("maxRequestTime"), m);
    }

    @Test
    void aPathTimeoutThatIsNotAPathFails(@TempDir Path dir) {
        String m = startupFailure(dir, "hosts: [http://127.0.0.1:8081]\npathTimeouts:\n  api: 100\n");
        assertTrue(m.contains("proxy.yml") && m.contains("pathTimeouts: 'api' must be a path prefix starting with /"), m);
    }

    @Test
    void outOfRangeNumbersFail(@TempDir Path dir) throws Exception {
        String m = startupFailure(Files.createDirectories(dir.resolve("a")), "hosts: [http://127.0.0.1:8081]\nconnectionsPerThread: 0\n");
        assertTrue(m.contains("proxy.yml") && m.contains("connectionsPerThread must be 1 to"), m);
        m = startupFailure(Files.createDirectories(dir.resolve("b")), "hosts: [http://127.0.0.1:8081]\nmaxRequestTime: -1\n");
        assertTrue(m.contains("proxy.yml") && m.contains("maxRequestTime must be 0 to"), m);
        m = startupFailure(Files.createDirectories(dir.resolve("c")),
                "hosts: [http://127.0.0.1:8081]\nhealthCheck:\n  enabled: true\n  path: health\n");
        assertTrue(m.contains("proxy.yml") && m.contains("healthCheck.path must start with /"), m);
    }

    @Test
    void aDisabledProxyNeedsNoHostsAndAnswers404(@TempDir Path dir) {
        try (ProxyUnderTest p = ProxyUnderTest.in(dir).file("proxy.yml", "enabled: false\n").start()) {
            ErrorJson.assertError(p.get("/anything"), 404, "ERR10048");
        }
    }

    @Test
    void commaSeparatedHostsFromAValueAreAccepted(@TempDir Path dir) {
        try (ProxyUnderTest p = ProxyUnderTest.in(dir).value("proxy.hosts", "http://127.0.0.1:1, http://127.0.0.1:2").start()) {
            assertEquals(502, p.get("/x").statusCode(), "started with both hosts (neither listens)");
        }
    }
}
