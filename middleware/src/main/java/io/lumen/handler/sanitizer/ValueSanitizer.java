package io.lumen.handler.sanitizer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Encodes the string values of a parsed body, as light-4j does: an object member is skipped, with
 * all below it, when its key is in the ignore list, or when an encode list is given and the key is
 * not in it; array items are all visited; numbers, booleans and nulls stay as they are.
 */
final class ValueSanitizer {
    private final TextEncoder encoder;
    private final Set<String> toEncode;
    private final Set<String> toIgnore;

    ValueSanitizer(TextEncoder encoder, List<String> toEncode, List<String> toIgnore) {
        this.encoder = encoder;
        this.toEncode = Set.copyOf(toEncode);
        this.toIgnore = Set.copyOf(toIgnore);
    }

    /** Whether the member or field named {@code key} is encoded. */
    boolean covers(String key) {
        return !toIgnore.contains(key) && (toEncode.isEmpty() || toEncode.contains(key));
    }

    /** A copy of {@code node} with its string values encoded. */
    JsonNode json(JsonNode node) {
        JsonNode copy = node.deepCopy();
        return visit(copy);
    }

    /** A copy of form fields with the values of the covered fields encoded. */
    Map<String, List<String>> form(Map<String, List<String>> fields) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        fields.forEach((name, values) -> {
            if (!covers(name) || values == null) {
                out.put(name, values);
                return;
            }
            List<String> encoded = new ArrayList<>(values.size());
            values.forEach(v -> encoded.add(v == null ? null : encoder.apply(v)));
            out.put(name, List.copyOf(encoded));
        });
        return out;
    }

    private JsonNode visit(JsonNode node) {
        if (node.isTextual()) {
            return TextNode.valueOf(encoder.apply(node.textValue()));
        }
        if (node instanceof ObjectNode object) {
            List<String> keys = new ArrayList<>();
            object.fieldNames().forEachRemaining(keys::add);
            for (String key : keys) {
                if (covers(key)) {
                    object.set(key, visit(object.get(key)));
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                array.set(i, visit(array.get(i)));
            }
        }
        return node;
    }
}
