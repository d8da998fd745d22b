package io.lumen.handler.body;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;

import java.nio.ByteBuffer;

/**
 * Test terminal handler standing in for a proxy: reads the request body itself and echoes the
 * bytes, saying whether the body middleware attached a parsed body.
 */
public final class ReadAgain implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        boolean parsed = exchange.getAttachment(ParsedBody.ATTACHMENT_KEY) != null;
        exchange.getRequestReceiver().receiveFullBytes((ex, bytes) -> {
            ex.getResponseHeaders().put(HttpString.tryFromString("X-Parsed"), Boolean.toString(parsed));
            ex.getResponseSender().send(ByteBuffer.wrap(bytes));
        });
    }
}
