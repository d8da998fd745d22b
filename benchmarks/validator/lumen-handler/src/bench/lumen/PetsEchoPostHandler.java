package bench.lumen;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.lumen.validator.OpenApiAttachments;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Benchmark-only {@code POST /v1/pets} (benchmarks/run-validator.sh): parses the pet like the
 * petstore's PetsPostHandler does, but answers 201 with the pet's JSON WITHOUT storing it. The
 * petstore's PetStore copies its whole map and re-encodes the whole list on every add, so a load
 * test with fresh ids would measure a store that grows by tens of thousands of pets a second.
 * With the validator in the chain it uses the validated body, else it reads and checks the bytes
 * itself (the bypass). The light-4j peer's peer.light4j.PetsPostHandler does the same.
 */
public final class PetsEchoPostHandler implements HttpHandler {
    private static final String INVALID_PET = "ERR20003"; // app-status.yml of config/petstore/embedded

    private final ObjectMapper json;
    private final ErrorResponder errors;

    public PetsEchoPostHandler(ServiceContext context) {
        this.json = context.config().mapper();
        this.errors = context.errors();
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        var validated = exchange.getAttachment(OpenApiAttachments.VALIDATED);
        if (validated != null && validated.body() != null) { // a valid Pet by the spec
            send(exchange, validated.body());
            return;
        }
        exchange.getRequestReceiver().receiveFullBytes(this::parseAndSend,
                (ex, e) -> errors.send(ex, INVALID_PET, "the body could not be read: " + e.getMessage()));
    }

    private void parseAndSend(HttpServerExchange exchange, byte[] body) {
        JsonNode node;
        try {
            node = body.length == 0 ? null : json.readTree(body);
        } catch (IOException e) {
            errors.send(exchange, INVALID_PET, "the body is not JSON");
            return;
        }
        if (node == null || !node.isObject()) {
            errors.send(exchange, INVALID_PET, "the body must be a JSON object");
            return;
        }
        JsonNode id = node.get("id");
        JsonNode name = node.get("name");
        JsonNode tag = node.get("tag");
        if (id == null || !id.isIntegralNumber() || !id.canConvertToLong()) {
            errors.send(exchange, INVALID_PET, "id is required and must be an int64");
        } else if (name == null || !name.isTextual()) {
            errors.send(exchange, INVALID_PET, "name is required and must be a string");
        } else if (tag != null && !tag.isNull() && !tag.isTextual()) {
            errors.send(exchange, INVALID_PET, "tag must be a string");
        } else {
            send(exchange, node);
        }
    }

    private void send(HttpServerExchange exchange, JsonNode pet) {
        byte[] bytes;
        try {
            bytes = json.writeValueAsBytes(pet);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + pet, e);
        }
        exchange.setStatusCode(201);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseSender().send(ByteBuffer.wrap(bytes));
    }
}
