package io.lumen.spring.embed;

import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.RequestTooBigException;
import io.undertow.util.StatusCodes;

/**
 * The built-in terminal {@code spring} of handler.yml: hands the exchange to Spring MVC (Undertow's
 * servlet handler of this application context) after the chain's middleware ran. One per
 * application context, a bean: the servlet handler exists only once Undertow deploys the
 * application and calls the initial handler-chain wrapper, which {@link #attach attaches} it here.
 *
 * <p>Runs on whatever thread the chain is on (normally the IO thread); Undertow's servlet handler
 * dispatches to its worker pool itself. Middleware that read the body put it back first, so
 * {@code @RequestBody} reads the same bytes. A body over Spring's limit
 * ({@code server.undertow.max-http-post-size}), which Undertow's servlet handler refuses by
 * throwing, is answered 413 {@code ERR10068} (error JSON) and the connection closed. A request
 * target that is not a path ({@code OPTIONS *}, {@code CONNECT host:port}) is answered 404
 * {@code ERR10048}, as a standalone service answers it, instead of reaching the servlet layer.
 */
public final class SpringHandoff implements HttpHandler {
    private volatile HttpHandler servlet;
    private volatile ErrorResponder errors;

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

    /** Lumen's error writer, once the service is assembled. */
    void errors(ErrorResponder responder) {
        this.errors = responder;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        HttpHandler s = servlet;
        if (s == null) { // a request before Undertow deployed Spring cannot happen; answer plainly if it does
            exchange.setStatusCode(StatusCodes.SERVICE_UNAVAILABLE);
            exchange.endExchange();
            return;
        }
        ErrorResponder e404 = errors;
        String path = exchange.getRelativePath();
        if (e404 != null && !path.startsWith("/")) {
            // OPTIONS *, CONNECT host:port: no servlet mapping can take such a target (Undertow's servlet
            // layer throws UT000068, a 500); the standalone service's 404 instead
            e404.send(exchange, ErrorCodes.PATH_NOT_IMPLEMENTED, path, exchange.getRequestMethod().toString());
            return;
        }
        try {
            s.handleRequest(exchange);
        } catch (RequestTooBigException e) {
            ErrorResponder e413 = errors;
            if (e413 == null || exchange.isResponseStarted()) {
                throw e;
            }
            exchange.setPersistent(false); // the body stays unread
            e413.send(exchange, ErrorCodes.PAYLOAD_TOO_LARGE, exchange.getMaxEntitySize());
        }
    }

    @Override
    public String toString() {
        return "spring";
    }
}
