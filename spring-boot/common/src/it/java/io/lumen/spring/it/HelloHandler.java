package io.lumen.spring.it;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

/** A plain Lumen handler (not a bean): answers on the IO thread and says which thread that was. */
public class HelloHandler implements HttpHandler {
    static final HttpString THREAD = new HttpString("X-Thread");

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        exchange.getResponseHeaders().put(THREAD, Thread.currentThread().getName());
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain");
        exchange.getResponseSender().send("hello from lumen");
    }
}
