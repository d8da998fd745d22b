package io.lumen.handler.sanitizer;

import io.lumen.handler.body.ParsedBody;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** Test terminal handler: answers with the X-Name and X-Keep headers and the parsed body it was given. */
public final class EchoInput implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        var headers = exchange.getRequestHeaders();
        ParsedBody body = exchange.getAttachment(ParsedBody.ATTACHMENT_KEY);
        String parsed = body == null ? "none" : body.json() != null ? body.json().toString() : String.valueOf(body.form());
        exchange.getResponseSender().send("name=" + headers.getFirst("X-Name") + "\nkeep=" + headers.getFirst("X-Keep")
                + "\nbody=" + parsed);
    }
}
