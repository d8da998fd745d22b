package io.lumen.handler.testing;

import io.lumen.server.RequestBodies;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * Reads the whole body with Undertow's asynchronous receiver, as most handlers do, and answers
 * {@code got N bytes}; a failed read is answered the way Lumen's own readers do.
 */
public class ReceiveHandler implements HttpHandler {
    private final ErrorResponder errors;

    public ReceiveHandler(ServiceContext context) {
        this.errors = context.errors();
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getRequestReceiver().receiveFullBytes(
                (ex, body) -> ex.getResponseSender().send("got " + body.length + " bytes"),
                (ex, failure) -> {
                    if (!RequestBodies.answerReadFailure(errors, ex, failure)) {
                        ex.setPersistent(false);
                        ex.endExchange();
                    }
                });
    }
}
