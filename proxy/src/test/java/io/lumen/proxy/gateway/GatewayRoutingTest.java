package io.lumen.proxy.gateway;

import io.lumen.proxy.testing.Backend;
import io.lumen.proxy.testing.ErrorJson;
import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.testkit.raw.RawHttp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.lumen.proxy.gateway.GatewayUnderTest.send;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Routes to several upstream services by prefix, host, method and header, with path rewrites, through real HTTP. */
class GatewayRoutingTest {

    private static String services(Backend... backends) {
        StringBuilder b = new StringBuilder("services:\n");
        for (Backend backend : backends) {
            b.append("  ").append(backend.name()).append(": {hosts: [").append(backend.url()).append("]}\n");
        }
        return b.toString();
    }

    private static void assertRouted(RawHttp.Response r, Backend backend, String upstreamUri) {
        assertEquals(200, r.status(), r.bodyText());
        assertEquals(backend.name(), r.header("X-Backend"), "the service that answered");
        assertEquals(upstreamUri, backend.last().uri(), "the path and query the service got");
    }

    @Test
    void eachPrefixGoesToItsServiceWithItsPathRewrittenAsTheRouteSays(@TempDir Path dir) {
        try (Backend a = Backend.http("a").start(); Backend b = Backend.http("b").start(); Backend c = Backend.http("c").start();
             ProxyUnderTest gw = GatewayUnderTest.with(dir, services(a, b, c) + """
                     routes:
                       - {prefix: /a, service: a}
                       - {prefix: /a/special, service: b}
                       - {prefix: /b/, service: b, stripPrefix: true}
                       - {prefix: /c, service: c, replacePrefix: /v2}
                       - {prefix: /legacy, service: a, rewrite: '/legacy/(\\w+)/(\\d+) /items/$2/$1'}
                     """).start()) {
            assertRouted(send(gw, "GET", "/a/x?q=1&r=%20"), a, "/a/x?q=1&r=%20");
            assertRouted(send(gw, "GET", "/a"), a, "/a");
            assertRouted(send(gw, "GET", "/a/special/1"), b, "/a/special/1"); // the longest prefix wins
            assertRouted(send(gw, "GET", "/a/specialist"), a, "/a/specialist"); // prefixes match whole segments
            assertRouted(send(gw, "POST", "/b/pets/1?x=y"), b, "/pets/1?x=y");
            assertRouted(send(gw, "GET", "/b"), b, "/");
            assertRouted(send(gw, "GET", "/b/"), b, "/");
            assertRouted(send(gw, "GET", "/c/pets/caf%C3%A9"), c, "/v2/pets/caf%C3%A9"); // encoded bytes stay encoded
            assertRouted(send(gw, "GET", "/legacy/shoes/42"), a, "/items/42/shoes");
            assertRouted(send(gw, "GET", "/legacy/shoes"), a, "/legacy/shoes"); // the regex does not match: unchanged

            ErrorJson.assertError(send(gw, "GET", "/ab").bodyText(), 404, "ERR19215");
            RawHttp.Response none = send(gw, "GET", "/nothing/here");
            assertEquals(404, none.status());
            ErrorJson.assertError(none.bodyText(), 404, "ERR19215");
        }
    }

    @Test
    void routesOfOnePrefixMatchOnHostMethodAndHeaderInTheirOrder(@TempDir Path dir) {
        try (Backend a = Backend.http("a").start(); Backend b = Backend.http("b").start(); Backend c = Backend.http("c").start();
             ProxyUnderTest gw = GatewayUnderTest.with(dir, services(a, b, c) + """
                     routes:
                       - {prefix: /api, service: b, host: Admin.Example.com}
                       - {prefix: /api, service: c, methods: [post, PUT]}
                       - {prefix: /api, service: b, headers: {X-Version: "2"}}
                       - {prefix: /api, service: a}
                       - {prefix: /only-get, service: c, methods: [GET]}
                       - {prefix: /api/admin/tools, service: b, methods: [GET]}
                     """).start()) {
            assertRouted(send(gw, "GET", "/api/x", "Host: admin.example.com:8080"), b, "/api/x");
            assertRouted(send(gw, "GET", "/api/x", "Host: ADMIN.example.com."), b, "/api/x");
            assertRouted(send(gw, "POST", "/api/x"), c, "/api/x");
            assertRouted(send(gw, "PUT", "/api/x"), c, "/api/x");
            assertRouted(send(gw, "GET", "/api/x", "X-Version: 2"), b, "/api/x");
            assertRouted(send(gw, "GET", "/api/x", "X-Version: 3"), a, "/api/x");
            assertRouted(send(gw, "DELETE", "/api/x", "Host: other.example.com"), a, "/api/x");
            assertRouted(send(gw, "GET", "/only-get"), c, "/only-get");
            ErrorJson.assertError(send(gw, "POST", "/only-get").bodyText(), 404, "ERR19215");
            // the longest prefix first; when none of its routes takes the request, the next shorter one
            assertRouted(send(gw, "GET", "/api/admin/tools/1"), b, "/api/admin/tools/1");
            assertRouted(send(gw, "POST", "/api/admin/tools/1"), c, "/api/admin/tools/1");
            assertRouted(send(gw, "DELETE", "/api/admin/tools"), a, "/api/admin/tools");
        }
    }

    @Test
    void matrixParametersAndSessionIdsPassThroughAsTheUpstreamExpectsThem(@TempDir Path dir) {
        // light-4j (Undertow) forwards ;params untouched; they never count as part of a route's prefix match
        try (Backend a = Backend.http("a").start(); Backend b = Backend.http("b").start();
             ProxyUnderTest gw = GatewayUnderTest.with(dir, services(a, b) + """
                     routes:
                       - {prefix: /cars, service: a}
                       - {prefix: /shop, service: b, stripPrefix: true}
                     """).start()) {
            assertRouted(send(gw, "GET", "/cars;color=red?x=1"), a, "/cars;color=red?x=1");
            assertRouted(send(gw, "GET", "/cars;color=red/wheels;n=4"), a, "/cars;color=red/wheels;n=4");
            assertRouted(send(gw, "GET", "/shop/cart;jsessionid=0A1B2C"), b, "/cart;jsessionid=0A1B2C");
            assertRouted(send(gw, "GET", "/shop;jsessionid=0A1B2C/cart"), b, "/cart");
            // a ; that could turn a segment into .. for the upstream stays refused
            ErrorJson.assertError(send(gw, "GET", "/cars/..;/shop").bodyText(), 400, "ERR19216");
            ErrorJson.assertError(send(gw, "GET", "/cars/%2e%2e;x=1/shop").bodyText(), 400, "ERR19216");
        }
    }

    @Test
    void hostilePathsNeverLeaveTheirPrefixForAnotherService(@TempDir Path dir) {
        try (Backend open = Backend.http("open").start(); Backend admin = Backend.http("admin").start();
             ProxyUnderTest gw = GatewayUnderTest.with(dir, services(open, admin) + """
                     routes:
                       - {prefix: /public, service: open, stripPrefix: true}
                       - {prefix: /admin, service: admin}
                     """).start()) {
            String[] hostile = {"/public/../admin/users", "/public/%2e%2e/admin/users", "/public/%2E%2E/admin", "/public/.%2e/admin",
                "/public//admin/users", "//admin/users", "/public/%2fadmin", "/public/%2F..%2Fadmin", "/public/..;/admin/users",
                "/public/%252e%252e/admin", "/public/a%5c..%5cadmin", "/public/./admin", "/public/..", "/public/x%00"};
            for (String path : hostile) {
                RawHttp.Response r = send(gw, "GET", path);
                assertEquals(400, r.status(), path + ": " + r.bodyText());
            }
            ErrorJson.assertError(send(gw, "GET", "/public/../admin").bodyText(), 400, "ERR19216");
            assertEquals(0, admin.count(), "no hostile path reached the admin service");
            assertEquals(0, open.count(), "nor the public one, which could resolve it against its root");
            assertRouted(send(gw, "GET", "/public/a..b/.well-known"), open, "/a..b/.well-known"); // dots inside names are fine
        }
    }

    @Test
    void ejectionIsPerServiceEvenForAHostTwoServicesShare(@TempDir Path dir) {
        try (Backend shared = Backend.http("shared").start();
             ProxyUnderTest gw = GatewayUnderTest.with(dir, """
                     services:
                       one: {hosts: [%1$s], maxConnectionRetries: 0, ejection: {consecutiveFailures: 1, ejectTime: 600000}}
                       two: {hosts: [%1$s], maxConnectionRetries: 0, ejection: {consecutiveFailures: 1, ejectTime: 600000}}
                     routes:
                       - {prefix: /one, service: one}
                       - {prefix: /two, service: two}
                     """.formatted(shared.url())).start()) {
            assertRouted(send(gw, "GET", "/one"), shared, "/one");
            assertRouted(send(gw, "GET", "/two"), shared, "/two");
            shared.stop();
            ErrorJson.assertError(send(gw, "GET", "/one/x").bodyText(), 502, "ERR19030"); // refused: service one ejects it
            shared.restart();
            // back, but service one sits it out for ejectTime; service two never saw a failure
            ErrorJson.assertError(send(gw, "GET", "/one/x").bodyText(), 503, "ERR19031");
            assertRouted(send(gw, "GET", "/two/x"), shared, "/two/x");
        }
    }
}
