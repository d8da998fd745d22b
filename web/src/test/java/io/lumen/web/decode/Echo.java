package io.lumen.web.decode;

import io.lumen.handler.body.ParsedBody;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.security.MessageDigest;
import java.util.HexFormat;

/** Answers what the body middleware read: its byte count, the SHA-256 of it, and the request's Content-Encoding. */
public final class Echo implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        ParsedBody body = exchange.getAttachment(ParsedBody.ATTACHMENT_KEY);
        byte[] raw = body == null ? new byte[0] : body.raw();
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(raw));
        exchange.getResponseSender().send(raw.length + " " + sha + " "
                + exchange.getRequestHeaders().getFirst("Content-Encoding"));
    }
}
