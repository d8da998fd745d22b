package io.lumen.security;

import io.lumen.handler.HandlerAttachments;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;

import java.util.Map;
import java.util.TreeSet;

/**
 * Answers {@code client=<CLIENT_ID> user=<USER_ID> scopes=<sorted> x-client=<header>} from what security attached,
 * with the {@code sub} of {@link HandlerAttachments#VERIFIED_CLAIMS} in {@code X-Verified-Sub} when there are claims.
 */
public final class ShowToken implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        VerifiedToken t = exchange.getAttachment(SecurityAttachments.TOKEN);
        Map<String, Object> claims = exchange.getAttachment(HandlerAttachments.VERIFIED_CLAIMS);
        if (claims != null) {
            exchange.getResponseHeaders().put(new HttpString("X-Verified-Sub"), String.valueOf(claims.get("sub")));
        }
        exchange.getResponseSender().send("client=" + exchange.getAttachment(HandlerAttachments.CLIENT_ID)
                + " user=" + exchange.getAttachment(HandlerAttachments.USER_ID)
                + " scopes=" + (t == null ? null : new TreeSet<>(t.scopes()))
                + " x-client=" + exchange.getRequestHeaders().getFirst("X-Client-Id"));
    }
}
