package io.lumen.client;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import org.junit.jupiter.api.Test;

import java.net.URI;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class PropagationTest {
    @Test
    void copiesCorrelationIdAndTraceparentFromTheInboundRequest() {
        HttpServerExchange inbound = new HttpServerExchange(null);
        inbound.getRequestHeaders().put(new HttpString("X-Correlation-Id"), "cid-1");
        inbound.getRequestHeaders().put(new HttpString("traceparent"), "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
        Request r = Propagation.from(inbound, Request.get(URI.create("http://x/"))).build();
        assertEquals("cid-1", r.header("x-correlation-id"));
        assertEquals("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", r.header("traceparent"));
    }

    @Test
    void explicitValuesReplaceAndNullsAreLeftOut() {
        Request r = Propagation.with(Request.get(URI.create("http://x/")).header("X-Correlation-Id", "old"),
                "new", null).build();
        assertEquals("new", r.header("X-Correlation-Id"));
        assertNull(r.header("traceparent"));
    }
}
