package io.lumen.petstore;

import io.lumen.server.ServiceContext;
import io.undertow.server.HttpServerExchange;

import java.util.Deque;

/**
 * {@code GET /v1/pets?limit=n} (listPets): the pets in id order, at most {@code limit} (1-100; without
 * it one page of {@value PetStore#PAGE}). IO thread, or off it with a blocking store.
 */
public final class PetsGetHandler extends PetstoreHandler {
    static final int MAX_LIMIT = 100;

    public PetsGetHandler(ServiceContext context) {
        super(context);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        var validated = validated(exchange);
        if (validated != null) { // the spec says int32 in 1..100: already converted and checked
            var limit = validated.query("limit");
            sendJson(exchange, 200, store.listJson(limit == null ? PetStore.PAGE : limit.intValue()));
            return;
        }
        Deque<String> limitParam = exchange.getQueryParameters().get("limit");
        if (limitParam == null || limitParam.isEmpty()) {
            sendJson(exchange, 200, store.listJson(PetStore.PAGE));
            return;
        }
        String raw = limitParam.getFirst();
        int limit;
        try {
            limit = Integer.parseInt(raw);
        } catch (NumberFormatException e) {
            errors.send(exchange, INVALID_PARAMETER, "limit", "'" + raw + "' is not an int32");
            return;
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            errors.send(exchange, INVALID_PARAMETER, "limit", limit + " is outside 1.." + MAX_LIMIT);
            return;
        }
        sendJson(exchange, 200, store.listJson(limit));
    }

}
