package io.lumen.handler.testing;

import io.lumen.handler.Blocking;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.io.InputStream;

/** Reads the whole body with a blocking stream on a worker thread and answers {@code got N bytes}. */
public class BlockingReadHandler implements HttpHandler, Blocking {
    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        long n = 0;
        try (InputStream in = exchange.getInputStream()) {
            byte[] buf = new byte[8192];
            int r;
            while ((r = in.read(buf)) >= 0) {
                n += r;
            }
        }
        exchange.getResponseSender().send("got " + n + " bytes");
    }
}
