package io.lumen.security.basic;

import io.lumen.handler.HandlerAttachments;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** Answers {@code user=<USER_ID> client=<CLIENT_ID>}: who the security middleware said the caller is. */
public final class Whoami implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseSender().send("user=" + exchange.getAttachment(HandlerAttachments.USER_ID)
                + " client=" + exchange.getAttachment(HandlerAttachments.CLIENT_ID));
    }
}
