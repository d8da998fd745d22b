package io.lumen.validator;

import io.lumen.handler.body.ParsedBody;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.nio.charset.StandardCharsets;

/** Test handler: reads the body itself through Undertow's receiver and answers it, and whether a parsed body was attached. */
public final class ReadsBodyAgain implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        boolean parsed = exchange.getAttachment(ParsedBody.ATTACHMENT_KEY) != null;
        exchange.getRequestReceiver().receiveFullBytes((ex, bytes) ->
                ex.getResponseSender().send("parsed=" + parsed + " body=" + new String(bytes, StandardCharsets.UTF_8)));
    }
}
