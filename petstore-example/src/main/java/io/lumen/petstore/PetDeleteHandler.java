package io.lumen.petstore;

import io.lumen.server.ServiceContext;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;

import static io.lumen.petstore.PetstoreCodes.PET_NOT_FOUND;

/**
 * {@code DELETE /v1/pets/{petId}} (deletePetById) with the required header {@code key}: answers
 * the deleted pet, or 404 ERR20001. IO thread, or off it with a blocking store.
 */
public final class PetDeleteHandler extends PetstoreHandler {
    private static final HttpString KEY = new HttpString("key");

    public PetDeleteHandler(ServiceContext context) {
        super(context);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (validated(exchange) == null && exchange.getRequestHeaders().getFirst(KEY) == null) {
            errors.send(exchange, HEADER_MISSING, "key", "/v1/pets/{petId}");
            return;
        }
        Long id = petId(exchange);
        if (id == null) {
            return;
        }
        store.remove(id).ifPresentOrElse(
                pet -> sendJson(exchange, 200, pet),
                () -> errors.send(exchange, PET_NOT_FOUND, id));
    }
}
