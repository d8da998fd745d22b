package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A scheme of {@code components/securitySchemes}, as far as a server checks it. Immutable.
 *
 * @param name          its key in {@code securitySchemes}
 * @param kind          what a request must carry
 * @param in            apiKey: {@code header}, {@code query} or {@code cookie}; else null
 * @param parameterName apiKey: the header, query parameter or cookie name; else null
 * @param bearerFormat  http bearer: the {@code bearerFormat} hint (e.g. {@code JWT}), or null
 * @param pointer       where it is declared in the bundle
 */
public record SecurityScheme(String name, Kind kind, String in, String parameterName, String bearerFormat, String pointer) {

    /** The kinds of scheme; {@link #OTHER} covers http schemes besides basic and bearer, and mutualTLS. */
    public enum Kind {
        API_KEY, HTTP_BASIC, HTTP_BEARER, OAUTH2, OPEN_ID_CONNECT, OTHER;

        /** Whether the credential is an {@code Authorization: Bearer} token Lumen verifies as a JWT. */
        public boolean jwt() {
            return this == HTTP_BEARER || this == OAUTH2 || this == OPEN_ID_CONNECT;
        }
    }

    /** The schemes of a bundled document, by name, in spec order ({@code $ref}s followed). */
    static Map<String, SecurityScheme> read(JsonNode bundle) {
        Map<String, SecurityScheme> out = new LinkedHashMap<>();
        String base = "/components/securitySchemes/";
        for (Iterator<Map.Entry<String, JsonNode>> it = bundle.path("components").path("securitySchemes").properties().iterator();
             it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String pointer = base + SpecSource.escape(e.getKey());
            JsonNode s = e.getValue();
            for (int i = 0; i < 32 && s.path("$ref").isTextual() && s.get("$ref").asText().startsWith("#"); i++) {
                pointer = s.get("$ref").asText().substring(1);
                s = bundle.at(pointer);
            }
            String type = s.path("type").asText("");
            String http = s.path("scheme").asText("").toLowerCase(Locale.ROOT);
            Kind kind = switch (type) {
                case "apiKey" -> Kind.API_KEY;
                case "oauth2" -> Kind.OAUTH2;
                case "openIdConnect" -> Kind.OPEN_ID_CONNECT;
                case "http" -> http.equals("basic") ? Kind.HTTP_BASIC : http.equals("bearer") ? Kind.HTTP_BEARER : Kind.OTHER;
                default -> Kind.OTHER;
            };
            String in = kind == Kind.API_KEY ? s.path("in").asText("") : null;
            String parameter = kind == Kind.API_KEY ? s.path("name").asText("") : null;
            String format = kind == Kind.HTTP_BEARER && s.path("bearerFormat").isTextual() ? s.get("bearerFormat").asText() : null;
            out.put(e.getKey(), new SecurityScheme(e.getKey(), kind, in, parameter, format, pointer));
        }
        return Collections.unmodifiableMap(out);
    }

    /** How a person reads it: {@code apiKey in header X-Api-Key}, {@code http basic}, {@code oauth2}. */
    public String describe() {
        return switch (kind) {
            case API_KEY -> "apiKey in " + in + " " + parameterName;
            case HTTP_BASIC -> "http basic";
            case HTTP_BEARER -> "http bearer" + (bearerFormat == null ? "" : " (" + bearerFormat + ")");
            case OAUTH2 -> "oauth2";
            case OPEN_ID_CONNECT -> "openIdConnect";
            case OTHER -> "a scheme Lumen cannot check";
        };
    }
}
