package io.lumen.proxy.gateway;

import io.lumen.config.ConfigException;
import io.lumen.proxy.testing.Backend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Startup refuses a route table that cannot work, naming every problem at its file:line in one pass. */
class GatewayConfigErrorsTest {

    @Test
    void overlappingUnreachableAndBrokenRoutesAreAllNamedAtTheirLines(@TempDir Path dir) {
        try (Backend a = Backend.http("a").start()) {
            String yaml = """
                    services:
                      a: {hosts: [%s]}
                    routes:
                      - {prefix: /api, service: a}
                      - {prefix: /api/, service: a}
                      - {prefix: /web, service: a}
                      - {prefix: /web, service: a, methods: [GET]}
                      - {prefix: /x, service: nowhere}
                      - {prefix: /y, service: a, rewrite: '/y/(.* /z'}
                      - {prefix: z, service: a}
                      - {prefix: /s, service: a, stripPrefix: true, replacePrefix: /t}
                      - {prefix: /m, service: a, methods: [GET, PUT]}
                      - {prefix: /m, service: a, methods: [PUT], headers: {X-A: "1"}}
                    """.formatted(a.url());
            ConfigException e = assertThrows(ConfigException.class, () -> GatewayUnderTest.with(dir, yaml).start().close());
            String m = e.getMessage();
            String file = dir.resolve("gateway.yml").toString();
            assertEquals(7, e.problems().size(), m);
            assertTrue(m.contains(file + ":5: routes[1]: prefix '/api/' overlaps the route at " + file + ":4"), m);
            assertTrue(m.contains(file + ":7: routes[3]: unreachable: the route at " + file + ":6"), m);
            assertTrue(m.contains(file + ":8: routes[4]: no service 'nowhere' (services: a); Lumen has no service registry (Consul, light-portal): give its URLs in direct-registry.yml directUrls"), m);
            assertTrue(m.contains(file + ":9: routes[5].rewrite: '/y/(.*' is not a regular expression"), m);
            assertTrue(m.contains(file + ":10: routes[6]: a route's prefix is a path starting with /"), m);
            assertTrue(m.contains(file + ":11: routes[7]: stripPrefix, replacePrefix and rewrite each change the path"), m);
            assertTrue(m.contains(file + ":13: routes[9]: unreachable: the route at " + file + ":12"), m);
        }
    }

    @Test
    void aRewriteToAMissingGroupAndAHeaderWithoutValueAreRefusedAtStartup(@TempDir Path dir) {
        try (Backend a = Backend.http("a").start()) {
            ConfigException e = assertThrows(ConfigException.class, () -> GatewayUnderTest.with(dir, """
                    services:
                      a: {hosts: [%s]}
                    routes:
                      - {prefix: /q, service: a, rewrite: '/q/(.*) /r/$2'}
                      - {prefix: /h, service: a, headers: {X-A: }}
                    """.formatted(a.url())).start().close());
            assertTrue(e.getMessage().contains("gateway.yml:4: routes[0].rewrite: the replacement '/r/$2' refers to a group"
                    + " the regex does not have (it has 1"), e.getMessage());
            assertTrue(e.getMessage().contains("gateway.yml:5: routes[1].headers: a header matcher is 'name: value' with both given"),
                    e.getMessage());
        }
    }

    @Test
    void aServiceWithoutHostsIsNamedAtItsLine(@TempDir Path dir) {
        ConfigException e = assertThrows(ConfigException.class, () -> GatewayUnderTest.with(dir, """
                services:
                  a: {loadBalancing: roundRobin}
                routes:
                  - {prefix: /api, service: a}
                """).start().close());
        assertTrue(e.getMessage().contains("gateway.yml:2"), e.getMessage());
        assertTrue(e.getMessage().contains("hosts is required"), e.getMessage());
    }

    @Test
    void aGatewayWithoutRoutesDoesNotStart(@TempDir Path dir) {
        ConfigException e = assertThrows(ConfigException.class, () -> GatewayUnderTest.with(dir, "services: {}\n").start().close());
        assertTrue(e.getMessage().contains("the gateway has no routes"), e.getMessage());
    }
}
