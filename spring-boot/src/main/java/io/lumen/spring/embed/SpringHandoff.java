package io.lumen.spring.embed;

import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.StatusCodes;

/**
 * The built-in terminal {@code spring} of handler.yml: hands the exchange to Spring MVC (Undertow's
 * servlet handler of this application context) after the chain's middleware ran. One per
 * application context, a bean: the servlet handler exists only once Undertow deploys the
 * application and calls the initial handler-chain wrapper, which {@link #attach attaches} it here.
 *
 * <p>Runs on whatever thread the chain is on (normally the IO thread); Undertow's servlet handler
 * dispatches to its worker pool itself. Middleware that read the body put it back first, so
 * {@code @RequestBody} reads the same bytes.
 */
public final class SpringHandoff implements HttpHandler {
    private volatile HttpHandler servlet;

    /** The bean: the servlet handler is attached when Undertow deploys the application. */
    public SpringHandoff() {
    }

    /**
     * What Lumen's own construction would call for {@code spring} outside a Spring application
     * (a standalone service whose handler.yml names it): there is no Spring to hand over to.
     */
    public SpringHandoff(ServiceContext context) {
        throw new IllegalStateException("the 'spring' handler hands requests to Spring MVC and works only inside a "
                + "Spring Boot application with lumen-spring-boot-starter");
    }

    /** Called from the initial handler-chain wrapper, once per deployment. */
    void attach(HttpHandler servletHandler) {
        this.servlet = servletHandler;
    }

    HttpHandler servlet() {
        return servlet;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        HttpHandler s = servlet;
        if (s == null) { // a request before Undertow deployed Spring cannot happen; answer plainly if it does
            exchange.setStatusCode(StatusCodes.SERVICE_UNAVAILABLE);
            exchange.endExchange();
            return;
        }
        s.handleRequest(exchange);
    }

    @Override
    public String toString() {
        return "spring";
    }
}
