package io.lumen.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** RFC 6901 pointer helpers, plus rendering a pointer as the key path users recognise ({@code paths[2].exec}). */
final class JsonPointers {
    /** Marks "no value here" as opposed to an explicit null. */
    static final Object ABSENT = new Object();

    private JsonPointers() {}

    static String child(String pointer, String key) {
        return pointer + "/" + key.replace("~", "~0").replace("/", "~1");
    }

    static String child(String pointer, int index) {
        return pointer + "/" + index;
    }

    static String parent(String pointer) {
        int slash = pointer.lastIndexOf('/');
        return slash <= 0 ? "" : pointer.substring(0, slash);
    }

    static List<String> segments(String pointer) {
        List<String> out = new ArrayList<>();
        if (pointer == null || pointer.isEmpty()) {
            return out;
        }
        String body = pointer.startsWith("/") ? pointer.substring(1) : pointer;
        for (String raw : body.split("/", -1)) {
            out.add(raw.replace("~1", "/").replace("~0", "~"));
        }
        return out;
    }

    /** The value at the pointer, or {@link #ABSENT}. */
    static Object valueAt(Object tree, String pointer) {
        Object node = tree;
        for (String seg : segments(pointer)) {
            if (node instanceof Map<?, ?> map) {
                Object next = lookup(map, seg);
                if (next == ABSENT) {
                    return ABSENT;
                }
                node = next;
            } else if (node instanceof List<?> list && isIndex(seg) && Integer.parseInt(seg) < list.size()) {
                node = list.get(Integer.parseInt(seg));
            } else {
                return ABSENT;
            }
        }
        return node;
    }

    /** Renders {@code /paths/2/exec} as {@code paths[2].exec}; the tree tells list indexes from numeric map keys. */
    static String render(Object tree, String pointer) {
        StringBuilder sb = new StringBuilder();
        Object node = tree;
        for (String seg : segments(pointer)) {
            boolean index = node instanceof List<?> || (!(node instanceof Map<?, ?>) && isIndex(seg));
            if (index) {
                sb.append('[').append(seg).append(']');
            } else {
                sb.append(sb.length() > 0 ? "." : "").append(seg);
            }
            Object next = node == null || node == ABSENT ? ABSENT : valueAt(node, "/" + seg.replace("~", "~0").replace("/", "~1"));
            node = next;
        }
        return sb.toString();
    }

    private static Object lookup(Map<?, ?> map, String seg) {
        if (map.containsKey(seg)) {
            return map.get(seg);
        }
        // YAML allows non-string keys such as 200: the pointer holds their text form.
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (e.getKey() != null && !(e.getKey() instanceof String) && String.valueOf(e.getKey()).equals(seg)) {
                return e.getValue();
            }
        }
        return ABSENT;
    }

    private static boolean isIndex(String seg) {
        return !seg.isEmpty() && seg.length() < 10 && seg.chars().allMatch(Character::isDigit);
    }
}
