package io.lumen.handler.body;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/** Test terminal handler: answers with what the body middleware attached. */
public final class ShowBody implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        ParsedBody body = exchange.getAttachment(ParsedBody.ATTACHMENT_KEY);
        String answer;
        if (body == null) {
            answer = "none";
        } else if (body.json() != null) {
            answer = "json " + body.json().get("name").asText() + " " + body.json();
        } else if (body.form() != null) {
            answer = "form " + body.form();
        } else if (body.parts() != null) {
            StringBuilder b = new StringBuilder("parts");
            body.parts().forEach(x -> b.append(' ').append(x.name()).append('=').append(x.filename()).append(':')
                    .append(x.contentType()).append(':').append(x.text()));
            answer = b.toString();
        } else if (body.text() != null) {
            answer = "text " + body.contentType() + " " + body.text();
        } else {
            answer = "raw " + body.contentType() + " " + body.raw().length;
        }
        exchange.getResponseSender().send(answer);
    }
}
