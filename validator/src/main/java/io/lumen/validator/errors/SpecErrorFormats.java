package io.lumen.validator.errors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.lumen.config.ConfigException;
import io.lumen.handler.config.HandlerConfig;
import io.lumen.handler.light4j.Light4jHandlers;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.Operation;
import io.lumen.openapi.SpecLoader;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorCodes;
import io.lumen.status.ErrorContent;
import io.lumen.status.ErrorFormat;
import io.lumen.status.ErrorFormats;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.lumen.validator.specification.OperationMatch;
import io.lumen.validator.specification.OperationMatcher;
import io.lumen.validator.specification.RequestPath;
import io.lumen.validator.validation.MergedSchema;
import io.lumen.validator.validation.SchemaCheck;
import io.lumen.validator.validation.ValidatorConfig;
import io.undertow.server.HttpServerExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one place that decides how Lumen's own rejections are written for a request of the spec:
 * the error response its operation declares for the answer's status (exact, then {@code 4XX}, then
 * {@code default}) in that response's media type ({@code application/problem+json} first, then
 * {@code application/json}, then any {@code +json}), filled by an {@link ErrorMapper} or an
 * {@code ErrorBodyPlan}; Lumen's error JSON where nothing is declared, where it already fits the
 * declared schema, or where the declared schema cannot be filled (startup says which and why). Every
 * format is proven at startup: a sample error written in it must validate against the declared
 * schema with the validator's own {@link SchemaCheck}. A path under the spec that matches no
 * operation (404, 405) gets the format every operation declares for that status, if they agree.
 * Registered on the service's {@link ErrorResponder}; asked only when an error is written.
 */
public final class SpecErrorFormats implements ErrorFormats {
    private static final Logger LOG = LoggerFactory.getLogger(SpecErrorFormats.class);
    private static final String PROBLEM = "application/problem+json";
    private static final String JSON_TYPE = "application/json";

    private final OpenApiSpec spec;
    private final OperationMatcher matcher;
    private final Map<Operation, Map<String, ErrorFormat>> byOperation = new IdentityHashMap<>();
    private final Map<Integer, Optional<ErrorFormat>> specWide = new ConcurrentHashMap<>();
    private final List<Fallback> fallbacks = new ArrayList<>();
    private int declaring;
    private int fallingBack;
    private String summary;

    private SpecErrorFormats(OpenApiSpec spec) {
        this.spec = spec;
        this.matcher = new OperationMatcher(spec.operations());
    }

    /**
     * Builds the service's formats once (whichever of the specification and validator middleware
     * comes first) and registers them on its {@link ErrorResponder}, unless
     * {@code errorFormat.enabled} is false or no operation declares a format Lumen must write.
     */
    public static void register(ServiceContext context) {
        context.shared(SpecErrorFormats.class, () -> {
            OpenApiSpec spec = SpecLoader.shared(context);
            ValidatorConfig config = ValidatorConfig.load(context.config());
            boolean light4jFolder = light4jFolder(context);
            if (!config.errorFormat().enabledFor(light4jFolder)) {
                LOG.info("error formats: off ({}): Lumen's error JSON everywhere", light4jFolder && config.errorFormat().enabled() == null
                        ? "a light-4j handler.yml, answering as light-4j did; openapi-validator.yml errorFormat.enabled: true turns them on"
                        : "openapi-validator.yml errorFormat.enabled: false");
                return new SpecErrorFormats(spec);
            }
            SpecErrorFormats formats = of(spec, config.errorFormat(), SchemaCheck.shared(context, spec, config), context.errors());
            if (formats.declaring > 0) {
                context.errors().formats(formats);
            }
            return formats;
        });
    }

    /** Whether the service's handlers include light-4j handler classes: a light-4j config folder run as it is. */
    private static boolean light4jFolder(ServiceContext context) {
        // handler.yml, or values.yml's handler.handlers where a light-4j folder has no handler.yml (light-proxy)
        List<String> handlers = context.config().load("handler", HandlerConfig.class).handlers();
        return handlers != null && handlers.stream().anyMatch(Light4jHandlers::isLight4jClass);
    }

    /** The formats of {@code spec}, logged (one INFO line, each fallback at DEBUG); not registered anywhere. */
    public static SpecErrorFormats of(OpenApiSpec spec, ErrorFormatSettings settings, SchemaCheck check, ErrorResponder errors) {
        SpecErrorFormats f = new SpecErrorFormats(spec);
        f.build(settings, check, errors);
        return f;
    }

    private void build(ErrorFormatSettings settings, SchemaCheck check, ErrorResponder errors) {
        ErrorMapper mapper = mapper(settings.mapper());
        Map<String, Object> decided = new HashMap<>(); // media type, schema, status (operation with a mapper) -> DeclaredFormat, or why not
        Map<String, Integer> reasons = new LinkedHashMap<>();
        for (Operation op : spec.operations()) {
            Map<String, ErrorFormat> table = new HashMap<>();
            boolean fellBack = false;
            for (Map.Entry<String, Operation.Response> r : op.responses().entrySet()) {
                String key = r.getKey();
                if (!(key.startsWith("4") || key.startsWith("5") || key.equals("default"))) {
                    continue;
                }
                Object d = decide(op, key, r.getValue(), decided, settings, check, errors, mapper);
                if (d instanceof DeclaredFormat format) {
                    table.put(key, format.forOperation(new DeclaredError(op, key, format.mediaType(),
                            format.declared().schema(), format.declared().pointer())));
                } else if (d instanceof String reason && !reason.isEmpty()) {
                    fellBack = true;
                    reasons.merge(reason, 1, Integer::sum);
                    fallbacks.add(new Fallback(op, key, reason));
                    LOG.debug("{} {}: Lumen's error JSON: {}", op.endpoint(), key, reason);
                }
            }
            if (!table.isEmpty()) {
                byOperation.put(op, table);
                declaring++;
            }
            fallingBack += fellBack ? 1 : 0;
        }
        if (declaring > 0 || fallingBack > 0) {
            summary = "error formats: " + declaring + " of " + spec.operations().size() + " operations answer Lumen's rejections"
                    + " in their declared error format; " + (fallingBack == 0 ? "none falls back to Lumen's error JSON"
                    : fallingBack + " fall back to Lumen's error JSON for some statuses, first because: "
                    + reasons.keySet().iterator().next() + " (" + (reasons.size() > 1 ? (reasons.size() - 1) + " more reasons; " : "")
                    + "each operation at DEBUG io.lumen.validator.errors)");
            LOG.info(summary);
        }
    }

    /** An operation's declared error response Lumen's rejections cannot fill, and why (they answer Lumen's error JSON there). */
    public record Fallback(Operation operation, String status, String reason) {
    }

    /** Every declared error response that falls back, in the spec's order (generation warns about each). */
    public List<Fallback> fallbacks() {
        return List.copyOf(fallbacks);
    }

    /** The startup line: how many operations declare a format Lumen writes, how many fall back and why; null when none. */
    public String summary() {
        return summary;
    }

    /** A {@link DeclaredFormat}, "" when Lumen's error JSON already fits, or the reason it cannot be written. */
    private Object decide(Operation op, String key, Operation.Response response, Map<String, Object> decided,
                          ErrorFormatSettings settings, SchemaCheck check, ErrorResponder errors, ErrorMapper mapper) {
        String mediaType = response.content().containsKey(PROBLEM) ? PROBLEM
                : response.content().containsKey(JSON_TYPE) ? JSON_TYPE
                : response.content().keySet().stream().filter(t -> t.endsWith("+json")).findFirst().orElse(null);
        if (mediaType == null) {
            return response.content().isEmpty() ? "" : "declares " + String.join(", ", response.content().keySet())
                    + ", no JSON media type";
        }
        String pointer = response.content().get(mediaType);
        String resolved = pointer == null ? null : resolvedPointer(pointer);
        int sampleStatus = key.equals("default") ? 400 : key.endsWith("XX") ? (key.charAt(0) - '0') * 100 : Integer.parseInt(key);
        // shared by the responses that declare the same schema, unless a mapper decides: it sees the operation,
        // so its answer for one operation (the first of a path) says nothing about another's
        String decision = mediaType + " " + resolved + " " + sampleStatus + (mapper == null ? "" : " " + op.endpoint() + " " + key);
        return decided.computeIfAbsent(decision, k -> {
            JsonNode schema = pointer == null ? JsonNodeFactory.instance.objectNode()
                    : MergedSchema.resolve(spec.bundle(), spec.bundle().at(pointer));
            ErrorContent sample = sample(sampleStatus);
            if (!mediaType.equals(PROBLEM) && resolved != null && mapper == null
                    && check.problems(new SchemaCheck.Item(pointer, lumenJson(errors, sample), true)).isEmpty()) {
                return "";
            }
            if (pointer == null && !mediaType.equals(PROBLEM)) {
                return "";
            }
            ErrorBodyPlan plan;
            String unfillable = null;
            try {
                plan = ErrorBodyPlan.of(spec.bundle(), schema, mediaType.equals(PROBLEM), settings.properties());
            } catch (ErrorBodyPlan.Unfillable e) {
                if (mapper == null) {
                    return e.getMessage();
                }
                plan = null;
                unfillable = e.getMessage();
            }
            DeclaredFormat format = new DeclaredFormat(new DeclaredError(op, key, mediaType, schema, pointer), plan, mapper);
            byte[] sampleBody = format.body(sample); // null: the mapper left this one to a plan there is not
            if (sampleBody == null) {
                return unfillable + "; errorFormat.mapper returns null for it";
            }
            if (pointer != null && sampleBody != null) {
                List<String> problems = check.problems(new SchemaCheck.Item(pointer, parse(sampleBody), true));
                if (!problems.isEmpty()) {
                    if (mapper == null) {
                        return "the filled body does not validate against the declared schema: " + problems.get(0);
                    }
                    LOG.warn("{} {}: errorFormat.mapper's body does not validate against the declared schema: {}",
                            op.endpoint(), key, problems.get(0));
                }
            }
            return format;
        });
    }

    private String resolvedPointer(String pointer) {
        String p = pointer;
        for (int i = 0; i < 32; i++) {
            JsonNode ref = spec.bundle().at(p).path("$ref");
            if (!ref.isTextual() || !ref.asText().startsWith("#")) {
                break;
            }
            p = ref.asText().substring(1);
        }
        return p;
    }

    private static ErrorContent sample(int statusCode) {
        Status status = new Status(statusCode, ErrorCodes.VALIDATOR_SCHEMA, "VALIDATOR_SCHEMA", "Schema Validation Error - %s", "ERROR");
        Map<String, Object> entry = Map.of("code", ErrorCodes.VALIDATOR_SCHEMA, "location", "body", "pointer", "/name",
                "message", "integer found, string expected");
        return new ErrorContent(status, status.describe("body/name: integer found, string expected"),
                Map.of("errors", List.of(entry)), "/sample");
    }

    private static JsonNode lumenJson(ErrorResponder errors, ErrorContent e) {
        return parse(errors.toJson(e.status(), e.description(), e.details()));
    }

    private static JsonNode parse(byte[] body) {
        try {
            return body == null ? null : new ObjectMapper().readTree(body);
        } catch (IOException e) {
            throw new IllegalStateException("an error format wrote no JSON", e);
        }
    }

    private static ErrorMapper mapper(String className) {
        if (className == null) {
            return null;
        }
        try {
            Class<?> c = Class.forName(className, true, Thread.currentThread().getContextClassLoader());
            return (ErrorMapper) c.getConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            throw new ConfigException("openapi-validator.yml", 0, "errorFormat.mapper", "'" + className
                    + "' must be a public class implementing io.lumen.validator.errors.ErrorMapper with a public "
                    + "no-argument constructor (" + e + ")");
        }
    }

    /** Operations whose rejections follow a declared format. */
    public int declaringOperations() {
        return declaring;
    }

    /** Operations that keep Lumen's error JSON for at least one declared error status. */
    public int fallingBackOperations() {
        return fallingBack;
    }

    @Override
    public ErrorFormat select(HttpServerExchange exchange, int statusCode) {
        OperationMatch match = exchange.getAttachment(OperationMatch.ATTACHMENT_KEY);
        String path = RequestPath.of(exchange);
        if (match == null) {
            match = matcher.find(exchange.getRequestMethod(), path).match();
        }
        if (match != null) {
            return forOperation(match.operation(), statusCode);
        }
        if (!spec.basePath().isEmpty() && !(path.equals(spec.basePath()) || path.startsWith(spec.basePath() + "/"))) {
            return null; // not a path of the spec
        }
        return specWide.computeIfAbsent(statusCode, this::agreed).orElse(null);
    }

    /** The format of {@code op} for an answer of {@code statusCode}; null for Lumen's error JSON. */
    public ErrorFormat forOperation(Operation op, int statusCode) {
        Map<String, ErrorFormat> table = byOperation.get(op);
        String key = table == null ? null : op.responseKey(statusCode);
        return key == null ? null : table.get(key);
    }

    /** The format every operation declares for {@code statusCode}, if they all declare the same. */
    private Optional<ErrorFormat> agreed(int statusCode) {
        ErrorFormat first = null;
        String firstKey = null;
        for (Operation op : spec.operations()) {
            ErrorFormat f = forOperation(op, statusCode);
            if (f == null) {
                return Optional.empty();
            }
            DeclaredError d = ((DeclaredFormat) f).declared();
            String key = d.mediaType() + " " + (d.pointer() == null ? null : resolvedPointer(d.pointer()));
            if (first == null) {
                first = ((DeclaredFormat) f).forOperation(new DeclaredError(null, d.responseKey(), d.mediaType(), d.schema(), d.pointer()));
                firstKey = key;
            } else if (!key.equals(firstKey)) {
                return Optional.empty();
            }
        }
        return Optional.ofNullable(first);
    }
}
