package io.lumen.security.address;

import io.lumen.config.ConfigException;
import io.lumen.testkit.TestService;
import io.lumen.testkit.raw.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Address allow and deny lists through real HTTP; the test client is 127.0.0.1. */
class IpFilterHandlerTest {
    private static final String HANDLER_YML = """
            handlers:
              - io.lumen.security.basic.Whoami@whoami
            paths:
              - {path: /open, method: GET, exec: [ipfilter, whoami]}
              - {path: /internal/jobs, method: GET, exec: [ipfilter, whoami]}
              - {path: /blocked/x, method: GET, exec: [ipfilter, whoami]}
              - {path: '/wild/*', method: GET, exec: [ipfilter, whoami]}
            """;
    private static final String RULES = """
            deny: [192.0.2.0/24]
            pathPrefixes:
              /internal: {allow: [10.0.0.0/8]}
              /blocked: {deny: [127.0.0.0/8, '::1']}
              /wild/blocked: {deny: [127.0.0.0/8, '::1']}
            """;

    private static RawHttp.Response get(TestService s, String path, String forwardedFor) throws IOException {
        try (RawHttp raw = new RawHttp(s.service().httpUri().orElseThrow().getPort())) {
            raw.send("GET " + path + " HTTP/1.1\r\nHost: x\r\n"
                    + (forwardedFor == null ? "" : "X-Forwarded-For: " + forwardedFor + "\r\n") + "\r\n");
            return raw.read();
        }
    }

    @Test
    void withoutTrustedProxiesTheSocketPeerDecidesAndTheHeaderIsIgnored(@TempDir Path dir) throws IOException {
        try (TestService s = TestService.in(dir).file("handler.yml", HANDLER_YML).file("ip-filter.yml", RULES).start()) {
            assertEquals(200, get(s, "/open", null).status());
            RawHttp.Response internal = get(s, "/internal/jobs", "10.1.2.3");
            assertEquals(403, internal.status(), "a client cannot claim an address");
            assertTrue(internal.bodyText().contains("\"code\":\"ERR10049\"") && internal.bodyText().contains("127.0.0.1"),
                    internal.bodyText());
            assertEquals(403, get(s, "/blocked/x", null).status());
            assertEquals(200, get(s, "/open", "192.0.2.9").status(), "the global deny is not fooled by the header either");
            assertEquals(403, get(s, "/wild/blocked/y", null).status(), "a wildcard route: the request path's rule");
            assertEquals(200, get(s, "/wild/open", null).status());
        }
    }

    @Test
    void behindATrustedProxyTheRightMostUntrustedForwardedAddressDecides(@TempDir Path dir) throws IOException {
        try (TestService s = TestService.in(dir).file("handler.yml", HANDLER_YML)
                .file("ip-filter.yml", RULES + "trustedProxies: [127.0.0.1, 172.16.0.0/12]\n").start()) {
            assertEquals(200, get(s, "/internal/jobs", "10.1.2.3").status());
            assertEquals(200, get(s, "/internal/jobs", "10.1.2.3, 172.16.5.5").status(), "trusted hops are skipped");
            assertEquals(403, get(s, "/internal/jobs", "10.1.2.3, 198.51.100.7").status(),
                    "a spoofed left-most entry does not count: the right-most untrusted one does");
            assertEquals(403, get(s, "/open", "192.0.2.44").status(), "the global deny");
            assertEquals(200, get(s, "/open", "[2001:db8::1]").status(), "an IPv6 literal in brackets");
            for (String hostile : new String[] {"evil.example.com", "10.1.2.3, not-an-address", "999.1.1.1", "",
                    "10.0.0.1\u0000", "::ffff:10.1.2.3.4"}) {
                RawHttp.Response r = get(s, "/internal/jobs", hostile);
                assertTrue(r.status() == 403 || r.status() == 400 && hostile.contains("\u0000"), hostile + ": " + r.status());
            }
        }
    }

    @Test
    void badRangesFailStartupWithTheFile(@TempDir Path dir) {
        ConfigException e = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", HANDLER_YML)
                .file("ip-filter.yml", "allow: [10.0.0.0/33]\n").start().close());
        assertTrue(e.getMessage().contains("ip-filter.yml") && e.getMessage().contains("10.0.0.0/33"), e.getMessage());
        ConfigException host = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", HANDLER_YML)
                .file("ip-filter.yml", "deny: [example.com]\n").start().close());
        assertTrue(host.getMessage().contains("example.com"), host.getMessage());
        ConfigException unknown = assertThrows(ConfigException.class, () -> TestService.in(dir).file("handler.yml", HANDLER_YML)
                .file("ip-filter.yml", "deny: []\nallowed: [10.0.0.0/8]\n").start().close());
        assertTrue(unknown.getMessage().contains("ip-filter.yml:2"), unknown.getMessage());
    }
}
