package io.lumen.petstore;

import io.lumen.petstore.model.Pet;
import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.handler.body.ExactJson;
import io.lumen.handler.body.JsonProblems;
import io.lumen.server.RequestBodies;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpServerExchange;

import java.io.IOException;

import static io.lumen.petstore.PetstoreCodes.INVALID_PET;
import static io.lumen.petstore.PetstoreCodes.PET_EXISTS;
import static io.lumen.petstore.PetstoreCodes.STORE_FULL;

/**
 * {@code POST /v1/pets} (createPets): body {@code Pet} with {@code id} and {@code name}; 201 with
 * the stored pet, 400 ERR20003 for a body that is not a pet, 409 ERR20002 for a taken id. With the
 * in-memory store the body is read asynchronously on the IO thread (no worker dispatch); with a
 * blocking store the handler runs after the dispatch and Undertow's receiver reads it blocking.
 */
public final class PetsPostHandler extends PetstoreHandler {
    public PetsPostHandler(ServiceContext context) {
        super(context);
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        var validated = validated(exchange);
        if (validated != null && validated.body() != null) { // a valid Pet by the spec
            JsonNode body = validated.body();
            JsonNode tag = body.get("tag");
            store(exchange, new Pet(body.get("id").longValue(), body.get("name").asText(),
                    tag == null || tag.isNull() ? null : tag.asText()));
            return;
        }
        exchange.getRequestReceiver().receiveFullBytes(this::create, (ex, e) -> {
            if (!RequestBodies.answerReadFailure(errors, ex, e)) { // 413 over the limit, 408 stalled
                ex.setPersistent(false); // the client went away mid-body: nobody to answer
                ex.endExchange();
            }
        });
    }

    private void create(HttpServerExchange exchange, byte[] body) {
        Pet pet;
        try {
            pet = parse(body);
        } catch (IllegalArgumentException e) {
            errors.send(exchange, INVALID_PET, e.getMessage());
            return;
        }
        store(exchange, pet);
    }

    private void store(HttpServerExchange exchange, Pet pet) {
        switch (store.add(pet)) {
            case EXISTS -> {
                errors.send(exchange, PET_EXISTS, pet.id());
                return;
            }
            case FULL -> {
                errors.send(exchange, STORE_FULL, store.capacity());
                return;
            }
            case ADDED -> { }
        }
        sendJson(exchange, 201, pet);
    }

    private Pet parse(byte[] body) {
        if (body.length == 0) {
            throw new IllegalArgumentException("the body is empty; expected a Pet {id, name, tag}");
        }
        JsonNode node;
        try {
            node = ExactJson.MAPPER.readTree(body); // Lumen's one reader of request bodies
        } catch (IOException e) {
            throw new IllegalArgumentException("the body is not JSON: " + JsonProblems.describe(e));
        }
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("the body must be a JSON object");
        }
        JsonNode id = node.get("id");
        JsonNode name = node.get("name");
        JsonNode tag = node.get("tag");
        if (id == null || !id.canConvertToLong() || !id.isIntegralNumber()) {
            throw new IllegalArgumentException("id is required and must be an int64");
        }
        if (name == null || !name.isTextual()) {
            throw new IllegalArgumentException("name is required and must be a string");
        }
        if (tag != null && !tag.isNull() && !tag.isTextual()) {
            throw new IllegalArgumentException("tag must be a string");
        }
        return new Pet(id.asLong(), name.asText(), tag == null || tag.isNull() ? null : tag.asText());
    }
}
