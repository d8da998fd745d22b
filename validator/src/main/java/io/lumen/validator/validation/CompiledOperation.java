package io.lumen.validator.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import io.lumen.handler.body.ExactJson;
import io.lumen.handler.body.FormPart;
import io.lumen.handler.body.JsonProblems;
import io.lumen.handler.body.ParsedBody;
import io.lumen.status.ErrorCodes;
import io.lumen.status.Status;
import io.lumen.validator.params.Coercer;
import io.lumen.validator.params.ConversionException;
import io.lumen.validator.params.ParameterReader;
import io.lumen.openapi.OpenApiSpec;
import io.lumen.openapi.Operation;
import io.lumen.openapi.Parameter;
import io.lumen.validator.specification.OperationMatch;
import io.undertow.server.HttpServerExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * One operation prepared for validation at startup: a reader and a compiled schema per parameter,
 * a compiled schema per request media type and per response status and media type. Validating
 * a request converts and checks every parameter, then the body, and collects every error.
 * Immutable and thread-safe.
 */
final class CompiledOperation {
    private static final Logger LOG = LoggerFactory.getLogger(CompiledOperation.class);
    static final String SCHEMA = ErrorCodes.VALIDATOR_SCHEMA;
    static final String CONVERSION = ErrorCodes.VALIDATOR_REQUEST_PARAMETER_INVALID_FORMAT;
    static final String BODY_UNEXPECTED = ErrorCodes.VALIDATOR_REQUEST_BODY_UNEXPECTED;
    static final String BODY_MISSING = ErrorCodes.VALIDATOR_REQUEST_BODY_MISSING;
    static final String MEDIA_TYPE = ErrorCodes.UNSUPPORTED_MEDIA_TYPE;

    final Operation operation;
    private final ParameterReader[] readers;
    private final Schema[] schemas;
    private final Map<String, Schema> bodies = new LinkedHashMap<>();
    private final Map<String, JsonNode> bodySchemaNodes = new LinkedHashMap<>();
    private final Map<String, Map<String, Schema>> responses = new LinkedHashMap<>();
    private final UnaryOperator<JsonNode> resolve;
    private final JsonNode bundle;

    CompiledOperation(OpenApiSpec spec, Operation operation, SchemaCompiler compiler) {
        this.operation = operation;
        this.resolve = node -> resolve(spec, node);
        this.bundle = spec.bundle();
        List<Parameter> params = operation.parameters();
        this.readers = new ParameterReader[params.size()];
        this.schemas = new Schema[params.size()];
        for (int i = 0; i < params.size(); i++) {
            readers[i] = new ParameterReader(params.get(i), resolve);
            String sp = params.get(i).schemaPointer();
            schemas[i] = sp == null ? null : compiler.request(sp);
        }
        if (operation.requestBody() != null) {
            operation.requestBody().content().forEach((mediaType, pointer) -> {
                bodies.put(mediaType, pointer == null ? null : compiler.request(pointer));
                bodySchemaNodes.put(mediaType, pointer == null ? null : resolve(spec, spec.bundle().at(pointer)));
            });
        }
        operation.responses().forEach((status, response) -> {
            Map<String, Schema> byType = new LinkedHashMap<>();
            response.content().forEach((mediaType, pointer) -> byType.put(mediaType, pointer == null ? null : compiler.response(pointer)));
            responses.put(status, byType);
        });
    }

    private static JsonNode resolve(OpenApiSpec spec, JsonNode node) {
        JsonNode n = node;
        for (int i = 0; i < 32 && n.has("$ref"); i++) {
            n = spec.bundle().at(n.get("$ref").asText().substring(1));
        }
        return n;
    }

    /** Converts and validates the parameters into {@code values}; adds every problem to {@code errors}. */
    void parameters(HttpServerExchange exchange, OperationMatch match, JsonNode[] values, List<ValidationError> errors) {
        for (int i = 0; i < readers.length; i++) {
            Parameter p = readers[i].parameter();
            JsonNode value;
            try {
                value = readers[i].read(exchange, match);
            } catch (ConversionException e) {
                errors.add(new ValidationError(CONVERSION, p.location(), "", e.getMessage()));
                continue;
            }
            if (value == null) {
                if (p.required()) {
                    errors.add(new ValidationError(missingCode(p.in()), p.location(), "", "is required but missing"));
                }
                continue;
            }
            values[i] = value;
            if (schemas[i] != null) {
                schema(schemas[i], value, p.location(), errors);
            }
        }
    }

    static String missingCode(Parameter.In in) {
        return switch (in) {
            case PATH -> ErrorCodes.VALIDATOR_REQUEST_PARAMETER_MISSING;
            case QUERY -> ErrorCodes.VALIDATOR_REQUEST_PARAMETER_QUERY_MISSING;
            case HEADER -> ErrorCodes.VALIDATOR_REQUEST_PARAMETER_HEADER_MISSING;
            case COOKIE -> ErrorCodes.VALIDATOR_REQUEST_PARAMETER_MISSING;
        };
    }

    /**
     * Checks the body against the request body declaration; returns the validated JSON (form fields
     * converted to an object) or null.
     *
     * @param parsed      the body as parsed by the body middleware (or by the validator), null when none
     * @param present     whether the request has a non-empty body at all
     * @param contentType the request's media type (lower case, no parameters) or null
     */
    JsonNode body(ParsedBody parsed, boolean present, String contentType, boolean skipSchema, boolean coerce,
                  List<ValidationError> errors) {
        Operation.RequestBody declared = operation.requestBody();
        if (declared == null) {
            if (present) {
                errors.add(new ValidationError(BODY_UNEXPECTED, "body", "", "no request body is expected for "
                        + operation.method() + " " + operation.template()));
            }
            return null;
        }
        if (!present) {
            if (declared.required()) {
                errors.add(new ValidationError(BODY_MISSING, "body", "", "a request body is required"));
            }
            return null;
        }
        String key = mediaKey(contentType);
        if (key == null) {
            errors.add(new ValidationError(MEDIA_TYPE, "body", "", "media type " + contentType + " is not one of "
                    + String.join(", ", bodies.keySet())));
            return null;
        }
        Schema schema = bodies.get(key);
        JsonNode value = null;
        if (parsed != null && parsed.json() != null) {
            value = parsed.json();
            if (coerce) {
                BodyCoercion.coerce(bundle, bodySchemaNodes.get(key), value);
            }
        } else if (parsed != null && parsed.form() != null) {
            value = form(parsed.form(), bodySchemaNodes.get(key), errors);
        } else if (parsed != null && parsed.parts() != null) {
            value = multipart(parsed.parts(), bodySchemaNodes.get(key), errors);
        }
        if (value != null && schema != null && !skipSchema) {
            schema(schema, value, "body", errors);
        }
        return value;
    }

    private String mediaKey(String contentType) {
        if (contentType == null) {
            return bodies.containsKey("*/*") ? "*/*" : null;
        }
        if (bodies.containsKey(contentType)) {
            return contentType;
        }
        int slash = contentType.indexOf('/');
        String range = slash < 0 ? null : contentType.substring(0, slash) + "/*";
        if (range != null && bodies.containsKey(range)) {
            return range;
        }
        return bodies.containsKey("*/*") ? "*/*" : null;
    }

    /** Form fields as an object, each converted by its property schema (form style, explode). */
    private ObjectNode form(Map<String, List<String>> fields, JsonNode schema, List<ValidationError> errors) {
        ObjectNode obj = JsonNodeFactory.instance.objectNode();
        JsonNode s = schema == null ? obj : schema;
        for (Map.Entry<String, List<String>> f : fields.entrySet()) {
            JsonNode prop = resolve.apply(s.path("properties").path(f.getKey()));
            try {
                if (Coercer.types(prop).contains("array")) {
                    ArrayNode arr = obj.putArray(f.getKey());
                    JsonNode items = resolve.apply(prop.path("items"));
                    for (String v : f.getValue()) {
                        arr.add(Coercer.primitive(v, items));
                    }
                } else if (f.getValue().size() > 1) { // a backend may read another copy than the one validated
                    errors.add(new ValidationError(CONVERSION, "body", "/" + f.getKey(), "is given "
                            + f.getValue().size() + " times; it takes a single value"));
                } else {
                    obj.set(f.getKey(), Coercer.primitive(f.getValue().get(0), prop));
                }
            } catch (ConversionException e) {
                errors.add(new ValidationError(CONVERSION, "body", "/" + f.getKey(), e.getMessage()));
            }
        }
        return obj;
    }

    /**
     * Multipart fields as an object: text fields converted like form fields (a field whose property is
     * an object is read as JSON, OpenAPI's default for it), each file part as its file name (a
     * {@code format: binary} string). The adapter binds the files themselves ({@code FormPart}).
     */
    private ObjectNode multipart(List<FormPart> parts, JsonNode schema, List<ValidationError> errors) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        for (FormPart part : parts) {
            if (!part.isFile() && !Coercer.types(resolve.apply(propertyOf(schema, part.name()))).contains("object")) {
                fields.computeIfAbsent(part.name(), k -> new ArrayList<>()).add(part.text());
            }
        }
        ObjectNode obj = form(fields, schema, errors);
        for (FormPart part : parts) {
            JsonNode prop = resolve.apply(propertyOf(schema, part.name()));
            JsonNode value;
            if (part.isFile()) {
                value = TextNode.valueOf(part.filename());
            } else if (Coercer.types(prop).contains("object")) {
                try {
                    value = ExactJson.MAPPER.readTree(part.content());
                } catch (IOException e) {
                    errors.add(new ValidationError(CONVERSION, "body", "/" + part.name(), "is not JSON: " + JsonProblems.describe(e)));
                    continue;
                }
            } else {
                continue;
            }
            if (Coercer.types(prop).contains("array")) {
                JsonNode arr = obj.get(part.name());
                (arr instanceof ArrayNode a ? a : obj.putArray(part.name())).add(value);
            } else {
                obj.set(part.name(), value);
            }
        }
        return obj;
    }

    private static JsonNode propertyOf(JsonNode schema, String name) {
        return schema == null ? MissingNode.getInstance() : schema.path("properties").path(name);
    }

    /** The response schemas of a status: exact, then {@code 4XX}, then {@code default}; null when undeclared. */
    Map<String, Schema> responses(int status) {
        String key = operation.responseKey(status);
        return key == null ? null : responses.get(key);
    }

    static void schema(Schema schema, JsonNode value, String location, List<ValidationError> errors) {
        List<Error> found;
        try {
            found = schema.validate(value);
        } catch (RuntimeException e) {
            // the schema library failed on this value (a pathological pattern, a number it cannot
            // handle): the request is refused like any other invalid one, never a 500
            LOG.warn("{}: the schema library failed on the value ({}); refused as invalid", location, e.toString());
            errors.add(new ValidationError(SCHEMA, location, "", "cannot be checked against its schema"));
            return;
        }
        for (Error e : found) {
            String pointer = e.getInstanceLocation() == null ? "" : e.getInstanceLocation().toString();
            String message = e.getMessage();
            if (message != null && message.startsWith(pointer + ": ")) {
                message = message.substring(pointer.length() + 2);
            }
            message = Status.excerpt(message); // enum, const, pattern messages repeat schema text
            if (pointer.equals("/")) {
                pointer = "";
            }
            errors.add(new ValidationError(SCHEMA, location, pointer, message));
        }
    }

    int parameterCount() {
        return readers.length;
    }

    List<String> mediaTypes() {
        return new ArrayList<>(bodies.keySet());
    }
}
