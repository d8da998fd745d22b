package peer.light4j;

import com.networknt.config.Config;
import com.networknt.httpstring.AttachmentConstants;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.nio.ByteBuffer;
import java.util.Map;

/**
 * POST /v1/pets behind BodyHandler (and ValidatorHandler): answers 201 with the parsed body
 * encoded again as JSON, nothing stored. The Lumen side of benchmarks/run-validator.sh runs the
 * same echo (benchmarks/validator/lumen-handler). 400 when no body was parsed (BodyHandler missing
 * from the chain or not a JSON object).
 */
public class PetsPostHandler implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        Object body = exchange.getAttachment(AttachmentConstants.REQUEST_BODY);
        if (!(body instanceof Map)) {
            exchange.setStatusCode(400);
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
            exchange.getResponseSender().send("{\"statusCode\":400,\"message\":\"no parsed JSON object body\"}");
            return;
        }
        byte[] bytes = Config.getInstance().getMapper().writeValueAsBytes(body);
        exchange.setStatusCode(201);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseSender().send(ByteBuffer.wrap(bytes));
    }
}
