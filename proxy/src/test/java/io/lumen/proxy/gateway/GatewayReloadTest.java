package io.lumen.proxy.gateway;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.service.reload.ReloadReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static io.lumen.proxy.gateway.GatewayUnderTest.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A configuration reload that changes gateway.yml: the new routes and services serve the next request. */
class GatewayReloadTest {

    @Test
    void aChangedRouteTableServesAfterAReload(@TempDir Path dir) throws Exception {
        try (Backend a = Backend.http("a").start(); Backend b = Backend.http("b").start();
             ProxyUnderTest gw = GatewayUnderTest.with(dir, """
                     services:
                       a: {hosts: [%s]}
                     routes:
                       - {prefix: /x, service: a}
                     """.formatted(a.url())).start()) {
            assertEquals("a", send(gw, "GET", "/x/1").header("X-Backend"));
            assertEquals(404, send(gw, "GET", "/y/1").status());

            Files.writeString(dir.resolve("gateway.yml"), """
                    services:
                      b: {hosts: [%s]}
                    routes:
                      - {prefix: /x, service: b, stripPrefix: true}
                      - {prefix: /y, service: b}
                    """.formatted(b.url()));
            ReloadReport report = gw.service().reload();
            assertTrue(report.filesChanged().stream().anyMatch(f -> f.endsWith("gateway.yml")), report.toString());
            assertEquals("b", send(gw, "GET", "/x/1").header("X-Backend"));
            assertEquals("/1", b.last().uri());
            assertEquals("b", send(gw, "GET", "/y/1").header("X-Backend"));
        }
    }
}
