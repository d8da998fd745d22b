package io.lumen.rest;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectReader;
import io.lumen.handler.Blocking;
import io.lumen.server.ServiceContext;
import io.lumen.validator.validation.ValidatedRequest;
import io.undertow.server.HttpServerExchange;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** Adapters as the generator writes them, for {@link OperationHandlerTest}. */
final class EchoHandlers {
    private EchoHandlers() {
    }

    record Item(String name, Long size) {
    }

    record Answer(int status, Object body) implements ApiResponse {
    }

    static final List<ResponseType> TYPES = List.of(
            ResponseType.json("200", "application/json", new TypeReference<Item>() { }),
            ResponseType.empty("204"),
            ResponseType.text("2XX", "text/plain"),
            ResponseType.json("default", "application/problem+json", new TypeReference<Map<String, Object>>() { }));

    /** POST /items?status=n&big=x: echoes the bound body with the asked status; big is an unformatted integer. */
    public static final class Echo extends OperationHandler {
        private final ObjectReader body;

        public Echo(ServiceContext context) {
            super(context, "echo", TYPES);
            this.body = reader(new TypeReference<Item>() { });
        }

        @Override
        protected ApiResponse invoke(ValidatedRequest request, HttpServerExchange exchange) {
            Integer status = int32(request.query("status"));
            Long big = int64(request.query("big"), "query.big");
            Item item = bindBody(body, request, exchange);
            int s = status == null ? 200 : status;
            Object answer = switch (s) {
                case 204 -> null;
                case 201 -> "created " + item.name();
                case 200 -> big == null ? item : new Item(item.name(), big);
                default -> Map.of("problem", item.name());
            };
            return new Answer(s, answer);
        }
    }

    /** GET /page: a pre-encoded body, answered on the blocking executor (its implementation blocks). */
    public static final class Page extends OperationHandler implements Blocking {
        static final class Encoded implements PreEncodedJson {
            @Override
            public ByteBuffer json() {
                return ByteBuffer.wrap("{\"name\":\"cached\",\"size\":1}".getBytes(StandardCharsets.UTF_8));
            }
        }

        private static final class Slow implements Blocking {
        }

        private final Object api = new Slow();

        public Page(ServiceContext context) {
            super(context, "page", TYPES);
        }

        @Override
        public boolean blocks() {
            return api instanceof Blocking b && b.blocks();
        }

        @Override
        protected ApiResponse invoke(ValidatedRequest request, HttpServerExchange exchange) {
            return new Answer(exchange.isInIoThread() ? 500 : 200, new Encoded());
        }
    }
}
