package io.lumen.petstore;

import io.lumen.server.ServiceContext;
import io.undertow.server.HttpServerExchange;

import static io.lumen.petstore.PetstoreCodes.PET_NOT_FOUND;

/** {@code GET /v1/pets/{petId}} (showPetById): the pet, or 404 ERR20001. IO thread, or off it with a blocking store. */
public final class PetGetHandler extends PetstoreHandler {
    public PetGetHandler(ServiceContext context) {
        super(context);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        Long id = petId(exchange);
        if (id == null) {
            return;
        }
        store.find(id).ifPresentOrElse(
                pet -> sendJson(exchange, 200, pet),
                () -> errors.send(exchange, PET_NOT_FOUND, id));
    }
}
