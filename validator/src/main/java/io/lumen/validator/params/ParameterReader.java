package io.lumen.validator.params;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.handler.body.ExactJson;
import io.lumen.handler.body.JsonProblems;
import io.lumen.http.CookieHeader;
import io.lumen.openapi.Parameter;
import io.lumen.status.Status;
import io.lumen.openapi.Parameter.Style;
import io.lumen.validator.specification.OperationMatch;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Reads one parameter from a request by its {@code in}, {@code style} and {@code explode} and
 * converts it by its schema (see {@link Coercer}): primitives, arrays and objects in the styles
 * matrix, label, simple (path), form, spaceDelimited, pipeDelimited, deepObject (query), simple
 * (header) and form (cookie); a form/explode map ({@code additionalProperties}) takes the query names no
 * other parameter of the operation has. Built once per parameter at startup; thread-safe.
 */
public final class ParameterReader {
    private static final ObjectMapper JSON = ExactJson.MAPPER;

    private final Parameter parameter;
    private final Coercer.Shape shape;
    private final JsonNode schema;
    private final UnaryOperator<JsonNode> resolve;
    private final HttpString header;
    private final String matrixPrefix;
    private final String deepPrefix;
    private final Set<String> otherQueryNames;

    /**
     * @param resolve follows a schema's {@code $ref} within the spec bundle (for item and property schemas)
     */
    public ParameterReader(Parameter parameter, UnaryOperator<JsonNode> resolve) {
        this(parameter, resolve, Set.of());
    }

    /**
     * @param otherQueryNames the names of the operation's other query parameters: a {@code form}/explode map
     *                        ({@code additionalProperties}) takes every query name but these
     */
    public ParameterReader(Parameter parameter, UnaryOperator<JsonNode> resolve, Set<String> otherQueryNames) {
        this.parameter = parameter;
        this.otherQueryNames = otherQueryNames;
        this.schema = parameter.schema();
        this.resolve = resolve;
        this.shape = parameter.json() ? Coercer.Shape.PRIMITIVE : Coercer.shape(schema);
        this.header = new HttpString(parameter.name());
        this.matrixPrefix = ";" + parameter.name() + "=";
        this.deepPrefix = parameter.name() + "[";
    }

    public Parameter parameter() {
        return parameter;
    }

    /** The converted value, or null when the request does not carry the parameter. */
    public JsonNode read(HttpServerExchange exchange, OperationMatch match) throws ConversionException {
        return switch (parameter.in()) {
            case PATH -> path(match == null ? null : match.pathValue(parameter.name()));
            case QUERY -> query(exchange.getQueryParameters());
            case HEADER -> header(exchange.getRequestHeaders().get(header));
            case COOKIE -> cookie(cookieValue(exchange.getRequestHeaders().get(Headers.COOKIE)));
        };
    }

    private JsonNode path(String raw) throws ConversionException {
        if (raw == null) {
            return null;
        }
        Style style = parameter.style();
        boolean explode = parameter.explode();
        if (style == Style.LABEL) {
            if (!raw.startsWith(".")) {
                throw new ConversionException("label style expects a value starting with '.', got '" + raw + "'");
            }
            String body = raw.substring(1);
            return switch (shape) {
                case PRIMITIVE -> single(body);
                case ARRAY -> Coercer.array(split(body, explode ? '.' : ','), schema, resolve);
                case OBJECT -> Coercer.object(explode ? keyValues(split(body, '.')) : pairs(split(body, ',')), schema, resolve);
            };
        }
        if (style == Style.MATRIX) {
            if (shape == Coercer.Shape.OBJECT && explode) {
                if (!raw.startsWith(";")) {
                    throw new ConversionException("matrix style expects ';name=value' pairs, got '" + raw + "'");
                }
                return Coercer.object(keyValues(split(raw.substring(1), ';')), schema, resolve);
            }
            if (!raw.startsWith(matrixPrefix) && !raw.equals(";" + parameter.name())) {
                throw new ConversionException("matrix style expects '" + matrixPrefix + "...', got '" + raw + "'");
            }
            if (shape == Coercer.Shape.ARRAY && explode) {
                List<String> values = new ArrayList<>();
                for (String part : split(raw.substring(1), ';')) {
                    if (!part.startsWith(parameter.name() + "=")) {
                        throw new ConversionException("matrix style expects '" + matrixPrefix + "...' for each item, got ';" + part + "'");
                    }
                    values.add(part.substring(parameter.name().length() + 1));
                }
                return Coercer.array(values, schema, resolve);
            }
            String body = raw.length() > matrixPrefix.length() ? raw.substring(matrixPrefix.length()) : "";
            return delimited(body, ',', false);
        }
        return delimited(raw, ',', explode);
    }

    private JsonNode query(Map<String, Deque<String>> params) throws ConversionException {
        String name = parameter.name();
        Style style = parameter.style();
        if (shape == Coercer.Shape.OBJECT && (style == Style.DEEP_OBJECT || (style == Style.FORM && parameter.explode()))) {
            List<String[]> pairs = new ArrayList<>();
            for (Map.Entry<String, Deque<String>> e : params.entrySet()) {
                String key = e.getKey();
                String prop = null;
                if (style == Style.DEEP_OBJECT) {
                    if (key.startsWith(deepPrefix) && key.endsWith("]")) {
                        prop = key.substring(deepPrefix.length(), key.length() - 1); // "" for name[]: checked too
                    }
                } else if (schema.path("properties").has(key) || isMapMember(key)) {
                    prop = key;
                }
                if (prop != null) {
                    JsonNode propSchema = resolve.apply(schema.path("properties").path(prop));
                    String value = Coercer.shape(propSchema) == Coercer.Shape.ARRAY && e.getValue().size() > 1
                            ? String.join(",", e.getValue()) : single(e.getValue(), key);
                    pairs.add(new String[] {prop, value});
                }
            }
            return pairs.isEmpty() ? null : Coercer.object(pairs, schema, resolve);
        }
        Deque<String> values = params.get(name);
        if (values == null || values.isEmpty()) {
            return null;
        }
        if (shape == Coercer.Shape.ARRAY && (parameter.explode() || values.size() > 1)) {
            return Coercer.array(List.copyOf(values), schema, resolve);
        }
        String value = single(values, name); // a backend behind a gateway may read another copy than the first
        if (parameter.json()) {
            return json(value);
        }
        char delimiter = style == Style.SPACE_DELIMITED ? ' ' : style == Style.PIPE_DELIMITED ? '|' : ',';
        return delimited(value, delimiter, false);
    }

    /** A query name a form/explode map takes: the map allows other properties explicitly, and no other parameter has the name (or {@code name[...]}). */
    private boolean isMapMember(String key) {
        JsonNode additional = schema.get("additionalProperties");
        int bracket = key.indexOf('[');
        return additional != null && (additional.isObject() || additional.asBoolean(false))
                && !otherQueryNames.contains(key) && !(bracket > 0 && otherQueryNames.contains(key.substring(0, bracket)));
    }

    /** The one value of a single-valued parameter; given more than once it is refused, not read by position. */
    private static String single(Collection<String> values, String name) throws ConversionException {
        if (values.size() > 1) {
            throw new ConversionException("'" + Status.excerpt(name) + "' is given " + values.size()
                    + " times; it takes a single value");
        }
        return values.iterator().next();
    }

    private JsonNode header(HeaderValues values) throws ConversionException {
        if (values == null || values.isEmpty()) {
            return null;
        }
        if (values.size() > 1 && shape == Coercer.Shape.PRIMITIVE) {
            single(values, parameter.name()); // several lines of a list-valued header are one list (RFC 9110 5.3)
        }
        String raw = values.size() == 1 ? values.getFirst() : String.join(",", values);
        if (parameter.json()) {
            return json(raw);
        }
        return delimited(raw.trim(), ',', parameter.explode());
    }

    private JsonNode cookie(String value) throws ConversionException {
        if (value == null) {
            return null;
        }
        return parameter.json() ? json(value) : delimited(value, ',', false);
    }

    /** The raw value of this cookie from the Cookie headers (commas kept: form style uses them for arrays). */
    private String cookieValue(HeaderValues headers) throws ConversionException {
        List<String> values = CookieHeader.values(headers, parameter.name());
        if (values.size() > 1) {
            throw new ConversionException("cookie '" + Status.excerpt(parameter.name()) + "' is given " + values.size()
                    + " times; it takes a single value");
        }
        return values.isEmpty() ? null : values.get(0);
    }

    /** A value in simple/form-like serialization: {@code a,b,c} arrays, {@code k,v,k,v} or (explode) {@code k=v,k=v} objects. */
    private JsonNode delimited(String raw, char delimiter, boolean explode) throws ConversionException {
        return switch (shape) {
            case PRIMITIVE -> single(raw);
            case ARRAY -> Coercer.array(raw.isEmpty() ? List.of() : split(raw, delimiter), schema, resolve);
            case OBJECT -> Coercer.object(explode ? keyValues(split(raw, delimiter)) : pairs(split(raw, delimiter)), schema, resolve);
        };
    }

    private JsonNode single(String raw) throws ConversionException {
        return parameter.json() ? json(raw) : Coercer.primitive(raw, schema, resolve);
    }

    private static JsonNode json(String raw) throws ConversionException {
        try {
            return JSON.readTree(raw);
        } catch (IOException | IllegalArgumentException e) {
            throw new ConversionException("not JSON: " + JsonProblems.describe(e));
        }
    }

    private static List<String> split(String s, char delimiter) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        while (true) {
            int at = s.indexOf(delimiter, start);
            if (at < 0) {
                parts.add(s.substring(start));
                return parts;
            }
            parts.add(s.substring(start, at));
            start = at + 1;
        }
    }

    /** {@code k,v,k,v}. */
    private static List<String[]> pairs(List<String> parts) throws ConversionException {
        if (parts.size() % 2 != 0) {
            throw new ConversionException("an object is serialized as name,value pairs; got an odd number of items");
        }
        List<String[]> pairs = new ArrayList<>(parts.size() / 2);
        for (int i = 0; i < parts.size(); i += 2) {
            pairs.add(new String[] {parts.get(i), parts.get(i + 1)});
        }
        return pairs;
    }

    /** {@code k=v} items. */
    private static List<String[]> keyValues(List<String> parts) throws ConversionException {
        List<String[]> pairs = new ArrayList<>(parts.size());
        for (String part : parts) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new ConversionException("expected name=value, got '" + part + "'");
            }
            pairs.add(new String[] {part.substring(0, eq), part.substring(eq + 1)});
        }
        return pairs;
    }
}
