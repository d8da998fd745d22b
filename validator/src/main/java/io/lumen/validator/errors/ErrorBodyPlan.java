package io.lumen.validator.errors;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.lumen.status.ErrorContent;
import io.lumen.validator.validation.MergedSchema;
import io.undertow.util.StatusCodes;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * How a declared error schema is filled from Lumen's error, decided once at startup: each property
 * (through {@code allOf}, at every depth) gets a source by its name and type ({@code status: integer}
 * the HTTP status, {@code code: string} the ERR code, {@code message}, {@code detail},
 * {@code errors: array} the validation errors...), a value the schema pins with {@code const} or a
 * single {@code enum}, or the one {@code errorFormat.properties} names. Only declared properties are
 * written, so a closed schema stays valid. A required property nothing fills makes the schema
 * {@link Unfillable}. RFC 9457 problem details get their members and, when the schema is open, the
 * {@code code} and {@code errors} extension members. Immutable, thread-safe.
 */
final class ErrorBodyPlan {

    /** What fills a property. */
    enum Source {
        STATUS("statusCode"), CODE("code"), MESSAGE("message"), DESCRIPTION("description"), SEVERITY("severity"),
        ERRORS("errors"), PATH("path"), TITLE("title"), TIMESTAMP("timestamp"), STATUS_TEXT(null), ABOUT_BLANK(null);

        private final String configName;

        Source(String configName) {
            this.configName = configName;
        }

        static Source named(String name) {
            for (Source s : values()) {
                if (name.equals(s.configName)) {
                    return s;
                }
            }
            return null;
        }

        static Set<String> names() {
            Set<String> names = new TreeSet<>();
            for (Source s : values()) {
                if (s.configName != null) {
                    names.add(s.configName);
                }
            }
            return names;
        }
    }

    /** A declared schema Lumen cannot fill; the message says why. */
    static final class Unfillable extends Exception {
        private static final long serialVersionUID = 1L;

        Unfillable(String reason) {
            super(reason, null, false, false);
        }
    }

    private sealed interface Fill permits Value, Fixed, Obj, ErrorList, Enumerated {
    }

    /**
     * A text the schema limits to an {@code enum} of several values ({@code code: [bad_request, not_found, ...]}):
     * Lumen's value when it is one of them, else the one naming the HTTP status ({@code bad_request} for
     * 400, compared without case and separators), else the first.
     */
    private record Enumerated(Value value, List<String> allowed) implements Fill {
    }

    private record Value(Source source) implements Fill {
    }

    private record Fixed(JsonNode value) implements Fill {
    }

    private record Obj(Map<String, Fill> fields) implements Fill {
    }

    /** The validation errors as an array: each entry's fields by item property, or "location pointer: message" texts. */
    private record ErrorList(Map<String, String> itemFields, boolean text) implements Fill {
    }

    private static final Set<String> STATUS_NAMES = Set.of("status", "statuscode", "httpstatus", "httpstatuscode", "httpcode");
    private static final Set<String> SUMMARY_NAMES = Set.of("message", "msg", "errormessage", "errormsg", "error");
    private static final Set<String> DETAIL_NAMES = Set.of("detail", "description", "errordescription", "reason", "details");
    private static final Set<String> LIST_NAMES = Set.of("errors", "details", "violations", "invalidparams",
            "fielderrors", "issues", "causes", "suberrors");
    private static final List<String> PROBLEM_MEMBERS = List.of("type", "title", "status", "detail", "instance");

    private final JsonNode bundle;
    private final boolean problem;
    private final Map<String, String> overrides;
    private final Fill root;

    private ErrorBodyPlan(JsonNode bundle, JsonNode schema, boolean problem, Map<String, String> overrides) throws Unfillable {
        this.bundle = bundle;
        this.problem = problem;
        this.overrides = overrides;
        this.root = object(schema, "", true);
    }

    /**
     * The plan for {@code schema} (its {@code $ref}s point into {@code bundle}); {@code problem}: the
     * media type is {@code application/problem+json}.
     */
    static ErrorBodyPlan of(JsonNode bundle, JsonNode schema, boolean problem, Map<String, String> overrides) throws Unfillable {
        return new ErrorBodyPlan(bundle, schema, problem, overrides);
    }

    private Obj object(JsonNode schema, String prefix, boolean top) throws Unfillable {
        MergedSchema m = MergedSchema.of(bundle, schema);
        String type = m.parts().stream().map(MergedSchema::type).filter(t -> t != null).findFirst().orElse(null);
        if (type != null && !type.equals("object")) {
            throw new Unfillable((prefix.isEmpty() ? "the schema" : "'" + prefix + "'") + " is of type " + type + ", not an object");
        }
        boolean hasDetail = m.propertyNames().stream().anyMatch(n -> DETAIL_NAMES.contains(normal(n))
                && !"array".equals(m.propertyType(n)));
        Map<String, Fill> fields = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(m.propertyNames());
        m.required().stream().filter(r -> !names.contains(r)).forEach(names::add);
        for (String name : names) {
            String path = prefix + name;
            String override = overrides.get(path);
            Fill fill = override != null ? overridden(override) : choose(m, name, path, hasDetail);
            if (fill == null && m.required().contains(name) && PropertyLimits.acceptsNull(bundle, m.property(name))) {
                fill = new Fixed(NullNode.getInstance()); // OpenAI's param: null
            }
            if (fill != null) {
                fields.put(name, fill);
            } else if (m.required().contains(name)) {
                throw new Unfillable("required property '" + path + "' has nothing in Lumen's error to fill it"
                        + " (map it with openapi-validator.yml errorFormat.properties)");
            }
        }
        if (top && problem && !m.closed()) { // RFC 9457 members, then Lumen's as extension members
            for (String member : PROBLEM_MEMBERS) {
                fields.putIfAbsent(member, choose(m, member, member, true));
            }
            fields.putIfAbsent("code", new Value(Source.CODE));
            fields.putIfAbsent("errors", new ErrorList(Map.of("code", "code", "location", "location",
                    "pointer", "pointer", "message", "message"), false));
        }
        return new Obj(fields);
    }

    private static Fill overridden(String value) {
        if (value.startsWith("=")) {
            return new Fixed(TextNode.valueOf(value.substring(1)));
        }
        Source s = Source.named(value);
        return s == Source.ERRORS ? new ErrorList(Map.of(), true) : new Value(s);
    }

    private Fill choose(MergedSchema m, String name, String path, boolean hasDetail) throws Unfillable {
        List<JsonNode> schemas = m.property(name);
        for (JsonNode s : schemas) {
            if (s.has("const")) {
                return new Fixed(s.get("const"));
            }
            if (s.path("enum").size() == 1) {
                return new Fixed(s.get("enum").get(0));
            }
        }
        Fill fill = chooseSource(m, name, path, hasDetail, schemas);
        if (fill instanceof Value v && v.source() != Source.STATUS) {
            List<String> allowed = PropertyLimits.textEnum(bundle, schemas);
            if (!allowed.isEmpty()) {
                return new Enumerated(v, allowed);
            }
        }
        return fill;
    }

    private Fill chooseSource(MergedSchema m, String name, String path, boolean hasDetail, List<JsonNode> schemas) throws Unfillable {
        String type = m.propertyType(name);
        boolean text = type == null || type.equals("string");
        boolean number = type == null || type.equals("integer") || type.equals("number");
        String n = normal(name);
        // an object named status or code (Qdrant's status: {error}) is filled as an object below
        if (STATUS_NAMES.contains(n) && (number || text)) {
            return number ? new Value(Source.STATUS) : new Value(Source.STATUS_TEXT);
        }
        if ((n.equals("code") || n.equals("errorcode")) && (number || text)) {
            return type != null && number ? new Value(Source.STATUS) : new Value(Source.CODE);
        }
        if ((LIST_NAMES.contains(n) || n.endsWith("errors")) && "array".equals(type)) { // schemaValidationErrors
            return errorList(schemas, path);
        }
        if (SUMMARY_NAMES.contains(n) && text) {
            return new Value(hasDetail ? Source.MESSAGE : Source.DESCRIPTION);
        }
        if (DETAIL_NAMES.contains(n) && text) {
            return new Value(Source.DESCRIPTION);
        }
        if (n.equals("title") && text) {
            return new Value(Source.TITLE);
        }
        if ((n.equals("type") || n.equals("errortype") || n.equals("kind")) && text) {
            boolean uri = schemas.stream().anyMatch(s -> s.path("format").asText("").startsWith("uri"));
            return new Value(problem || uri ? Source.ABOUT_BLANK : Source.MESSAGE);
        }
        if ((n.equals("instance") || n.equals("path") || n.equals("requestpath")) && text) {
            return new Value(Source.PATH);
        }
        if ((n.equals("severity") || n.equals("level")) && text) {
            return new Value(Source.SEVERITY);
        }
        if ((n.equals("timestamp") || n.equals("time") || n.equals("datetime")) && text) {
            return new Value(Source.TIMESTAMP);
        }
        if ((n.equals("success") || n.equals("ok")) && "boolean".equals(type)) {
            return new Fixed(BooleanNode.FALSE);
        }
        if ("object".equals(type) || (type == null && !schemas.isEmpty() && schemas.get(0).has("properties"))) {
            if (m.required().contains(name)) {
                return object(schemas.get(0), path + ".", false);
            }
            // optional, as Qdrant's {status: {error}} where nothing is required: written when it carries something,
            // so the message is not lost to an empty body
            try {
                Obj nested = object(schemas.get(0), path + ".", false);
                return nested.fields().isEmpty() ? null : nested;
            } catch (Unfillable e) {
                return null;
            }
        }
        return null;
    }

    private ErrorList errorList(List<JsonNode> schemas, String path) throws Unfillable {
        JsonNode items = MergedSchema.resolve(bundle, schemas.get(0).path("items"));
        MergedSchema item = MergedSchema.of(bundle, items);
        String type = item.parts().stream().map(MergedSchema::type).filter(t -> t != null).findFirst().orElse(null);
        if ("string".equals(type)) {
            return new ErrorList(Map.of(), true);
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String name : item.propertyNames()) {
            String n = normal(name);
            String field = SUMMARY_NAMES.contains(n) || DETAIL_NAMES.contains(n) ? "message"
                    : n.equals("pointer") || n.equals("jsonpointer") ? "pointer"
                    : n.equals("location") || n.equals("in") || n.equals("source") ? "location"
                    : Set.of("field", "path", "name", "param", "parameter", "property", "propertypath").contains(n) ? "target"
                    : n.equals("code") && !"integer".equals(item.propertyType(name)) ? "code" : null;
            if (field != null && "string".equals(Objects.requireNonNullElse(item.propertyType(name), "string"))) {
                fields.put(name, field);
            } else if (item.required().contains(name)) {
                throw new Unfillable("required property '" + name + "' of the items of '" + path
                        + "' has nothing in Lumen's validation errors to fill it");
            }
        }
        return new ErrorList(fields, false);
    }

    private static String normal(String name) {
        return name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
    }

    /** Writes {@code error} as this plan says. */
    void write(JsonGenerator g, ErrorContent error) throws IOException {
        write(g, root, error);
    }

    private static void write(JsonGenerator g, Fill fill, ErrorContent e) throws IOException {
        if (fill instanceof Fixed f) {
            g.writeTree(f.value());
        } else if (fill instanceof Obj o) {
            g.writeStartObject();
            for (Map.Entry<String, Fill> f : o.fields().entrySet()) {
                g.writeFieldName(f.getKey());
                write(g, f.getValue(), e);
            }
            g.writeEndObject();
        } else if (fill instanceof ErrorList l) {
            errors(g, l, e);
        } else if (fill instanceof Enumerated en) {
            g.writeString(allowedValue(en, e));
        } else {
            value(g, ((Value) fill).source(), e);
        }
    }

    private static String allowedValue(Enumerated en, ErrorContent e) {
        String own = switch (en.value().source()) {
            case STATUS_TEXT -> Integer.toString(e.status().statusCode());
            case CODE -> e.status().code();
            case MESSAGE -> e.status().message();
            case DESCRIPTION -> e.description();
            case SEVERITY -> e.status().severity();
            case PATH -> e.path();
            case TITLE -> StatusCodes.getReason(e.status().statusCode());
            case ABOUT_BLANK -> "about:blank";
            default -> null;
        };
        if (en.allowed().contains(own)) {
            return own;
        }
        String reason = normal(StatusCodes.getReason(e.status().statusCode())).replace(" ", "");
        for (String v : en.allowed()) {
            if (normal(v).replace(" ", "").equals(reason)) {
                return v;
            }
        }
        return en.allowed().get(0);
    }

    private static void value(JsonGenerator g, Source source, ErrorContent e) throws IOException {
        int status = e.status().statusCode();
        switch (source) {
            case STATUS -> g.writeNumber(status);
            case STATUS_TEXT -> g.writeString(Integer.toString(status));
            case CODE -> g.writeString(e.status().code());
            case MESSAGE -> g.writeString(e.status().message());
            case DESCRIPTION -> g.writeString(e.description());
            case SEVERITY -> g.writeString(e.status().severity());
            case PATH -> g.writeString(e.path() == null ? "" : e.path());
            case TITLE -> g.writeString(StatusCodes.getReason(status));
            case TIMESTAMP -> g.writeString(Instant.now().toString());
            case ABOUT_BLANK -> g.writeString("about:blank");
            case ERRORS -> errors(g, new ErrorList(Map.of(), true), e);
        }
    }

    @SuppressWarnings("unchecked")
    private static void errors(JsonGenerator g, ErrorList list, ErrorContent e) throws IOException {
        g.writeStartArray();
        if (e.details().get("errors") instanceof List<?> entries) {
            for (Object entry : entries) {
                Map<String, Object> m = entry instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
                String location = String.valueOf(m.getOrDefault("location", ""));
                String pointer = String.valueOf(m.getOrDefault("pointer", ""));
                String target = pointer.isEmpty() ? location : location + pointer;
                if (list.text()) {
                    g.writeString(target + ": " + m.getOrDefault("message", ""));
                    continue;
                }
                g.writeStartObject();
                for (Map.Entry<String, String> f : list.itemFields().entrySet()) {
                    Object v = f.getValue().equals("target") ? target : m.getOrDefault(f.getValue(), "");
                    g.writeStringField(f.getKey(), String.valueOf(v));
                }
                g.writeEndObject();
            }
        }
        g.writeEndArray();
    }
}
