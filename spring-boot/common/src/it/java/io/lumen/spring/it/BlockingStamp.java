package io.lumen.spring.it;

import io.lumen.handler.Blocking;
import io.lumen.handler.ChainContext;
import io.lumen.handler.Middleware;
import io.undertow.server.HttpHandler;
import io.undertow.util.HttpString;

/** Blocking middleware: the chain leaves the IO thread before it; stamps the thread it ran on. */
public class BlockingStamp implements Middleware, Blocking {
    static final HttpString STAMP = new HttpString("X-Stamp");

    @Override
    public HttpHandler wrap(ChainContext context, HttpHandler next) {
        return exchange -> {
            exchange.getResponseHeaders().put(STAMP, Thread.currentThread().getName() + (exchange.isInIoThread() ? " io" : " off-io"));
            next.handleRequest(exchange);
        };
    }
}
