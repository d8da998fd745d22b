package io.lumen.openapi;

import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Where each node of a converted tree came from in the file as written: a pointer of the new tree
 * maps to the original pointer of its nearest recorded ancestor, plus the rest of the path (a node
 * copied whole is recorded once, at its top). Lets a converted Swagger 2.0 spec's errors name the
 * line and key of the user's file. Filled while converting, then read only.
 */
final class PointerOrigins implements UnaryOperator<String> {
    private final Map<String, String> originalByConverted = new HashMap<>();

    /** Records that the node at {@code converted} is (or was made from) the node at {@code original}. */
    void put(String converted, String original) {
        originalByConverted.put(converted, original);
    }

    @Override
    public String apply(String converted) {
        String p = converted;
        while (true) {
            String original = originalByConverted.get(p);
            if (original != null) {
                return original + converted.substring(p.length());
            }
            if (p.isEmpty()) {
                return converted;
            }
            p = p.substring(0, p.lastIndexOf('/'));
        }
    }
}
