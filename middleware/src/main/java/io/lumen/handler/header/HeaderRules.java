package io.lumen.handler.header;

import io.undertow.util.HeaderMap;
import io.undertow.util.HttpString;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The merged rules of one direction for one route, as pre-built arrays: names to remove, then
 * names and values to set. Built at startup by applying rule sets in order, so a later set
 * (a longer prefix) wins over an earlier one for the same header.
 */
final class HeaderRules {
    private final HttpString[] remove;
    private final HttpString[] updateNames;
    private final String[] updateValues;

    private HeaderRules(HttpString[] remove, HttpString[] updateNames, String[] updateValues) {
        this.remove = remove;
        this.updateNames = updateNames;
        this.updateValues = updateValues;
    }

    static HeaderRules merge(List<HeaderConfig.Rules> inOrder) {
        // key: lower-case name; value: null = remove, else the value to set
        Map<String, String> ops = new LinkedHashMap<>();
        Map<String, String> spelled = new LinkedHashMap<>();
        for (HeaderConfig.Rules rules : inOrder) {
            for (String name : rules.remove()) {
                String k = name.toLowerCase(Locale.ROOT);
                ops.remove(k);
                ops.put(k, null);
                spelled.put(k, name);
            }
            rules.update().forEach((name, value) -> {
                String k = name.toLowerCase(Locale.ROOT);
                ops.remove(k);
                ops.put(k, value);
                spelled.put(k, name);
            });
        }
        List<HttpString> remove = new ArrayList<>();
        List<HttpString> names = new ArrayList<>();
        List<String> values = new ArrayList<>();
        ops.forEach((k, value) -> {
            HttpString name = HttpString.tryFromString(spelled.get(k));
            if (value == null) {
                remove.add(name);
            } else {
                names.add(name);
                values.add(value);
            }
        });
        return new HeaderRules(remove.toArray(HttpString[]::new), names.toArray(HttpString[]::new),
                values.toArray(String[]::new));
    }

    boolean isEmpty() {
        return remove.length == 0 && updateNames.length == 0;
    }

    void apply(HeaderMap headers) {
        for (HttpString name : remove) {
            headers.remove(name);
        }
        applyUpdates(headers);
    }

    void applyUpdates(HeaderMap headers) {
        for (int i = 0; i < updateNames.length; i++) {
            headers.put(updateNames[i], updateValues[i]);
        }
    }

    @Override
    public String toString() {
        return "remove " + Arrays.toString(remove) + ", update " + Arrays.toString(updateNames);
    }
}
