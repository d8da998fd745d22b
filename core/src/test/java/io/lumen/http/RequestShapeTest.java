package io.lumen.http;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import io.undertow.util.Protocols;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RequestShapeTest {

    private static HttpServerExchange exchange(HttpString protocol, String... headers) {
        HttpServerExchange exchange = new HttpServerExchange(null);
        exchange.setProtocol(protocol);
        for (int i = 0; i < headers.length; i += 2) {
            exchange.getRequestHeaders().add(HttpString.tryFromString(headers[i]), headers[i + 1]);
        }
        return exchange;
    }

    @Test
    void aBodyIsAPositiveLengthATransferEncodingOrAnOpenHttp2Stream() {
        assertTrue(RequestShape.hasBody(exchange(Protocols.HTTP_1_1, "Content-Length", "3")));
        assertFalse(RequestShape.hasBody(exchange(Protocols.HTTP_1_1, "Content-Length", "0")));
        assertTrue(RequestShape.hasBody(exchange(Protocols.HTTP_1_1, "Transfer-Encoding", "chunked")));
        assertFalse(RequestShape.hasBody(exchange(Protocols.HTTP_1_1)));
        // HTTP/2 needs neither header: a stream the client has not ended may still carry bytes
        assertTrue(RequestShape.hasBody(exchange(Protocols.HTTP_2_0)));
    }

    @Test
    void theMediaTypeDropsParametersAndCase() {
        assertEquals("application/json", RequestShape.mediaType(" Application/JSON ; charset=UTF-8"));
        assertEquals("text/plain", RequestShape.mediaType("text/plain"));
        assertEquals("application/merge-patch+json",
                RequestShape.mediaType(exchange(Protocols.HTTP_1_1, "Content-Type", "application/merge-patch+json;q=1")));
        assertNull(RequestShape.mediaType(exchange(Protocols.HTTP_1_1)));
    }

    @Test
    void anUpgradeIsHttp11WithConnectionUpgradeAndNeverH2c() {
        assertTrue(RequestShape.isUpgrade(exchange(Protocols.HTTP_1_1, "Upgrade", "websocket", "Connection", "keep-alive, Upgrade")));
        assertFalse(RequestShape.isUpgrade(exchange(Protocols.HTTP_1_1, "Upgrade", "websocket")));
        assertFalse(RequestShape.isUpgrade(exchange(Protocols.HTTP_1_1, "Upgrade", "h2c", "Connection", "Upgrade")));
        assertFalse(RequestShape.isUpgrade(exchange(Protocols.HTTP_1_0, "Upgrade", "websocket", "Connection", "Upgrade")));
    }

    @Test
    void idempotentMethodsAreThoseOfRfc9110CaseSensitively() {
        for (String m : new String[] {"GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"}) {
            assertTrue(RequestShape.idempotent(m), m);
            assertTrue(RequestShape.idempotent(HttpString.tryFromString(m)), m);
        }
        for (String m : new String[] {"POST", "PATCH", "CONNECT", "get", "delete"}) {
            assertFalse(RequestShape.idempotent(m), m);
        }
        assertFalse(RequestShape.idempotent(Methods.POST));
    }
}
