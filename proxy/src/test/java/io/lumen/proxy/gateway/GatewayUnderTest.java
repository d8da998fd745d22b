package io.lumen.proxy.gateway;

import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.testkit.raw.RawHttp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * A Lumen gateway for a test: the shipped proxy server.yml, a handler.yml sending every request
 * that no route of its own takes to {@code gateway} (through {@code chain}), and the test's
 * gateway.yml. Raw HTTP/1.1 requests, so that hostile paths reach it byte for byte.
 */
final class GatewayUnderTest {
    private GatewayUnderTest() {
    }

    static ProxyUnderTest.Builder with(Path dir, String gatewayYml) {
        return ProxyUnderTest.in(dir)
                .file("proxy.yml", "enabled: false\n")
                .file("handler.yml", "defaultHandlers: [gateway]\n")
                .file("gateway.yml", gatewayYml);
    }

    /** One request with {@code target} as it is, {@code headers} as raw lines, on a connection of its own. */
    static RawHttp.Response send(ProxyUnderTest gateway, String method, String target, String... headers) {
        StringBuilder req = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
        boolean host = false;
        for (String h : headers) {
            req.append(h).append("\r\n");
            host |= h.regionMatches(true, 0, "Host:", 0, 5);
        }
        if (!host) {
            req.append("Host: 127.0.0.1\r\n");
        }
        req.append("Content-Length: 0\r\nConnection: close\r\n\r\n");
        try (RawHttp raw = new RawHttp(gateway.port())) {
            return raw.send(req.toString()).read(method.equals("HEAD"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
