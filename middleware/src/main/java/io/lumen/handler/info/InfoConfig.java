package io.lumen.handler.info;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code info.yml}.
 *
 * @param enabled  when false, {@code /adm/server/info} answers 404 {@code ERR10048} (true)
 * @param maskKeys extra regular expressions; a config key whose name contains a match
 *                 (case-insensitive) is masked, on top of the built-in
 *                 {@code pass|secret|token|credential|privatekey|apikey} and the exact name {@code key} ([])
 */
public record InfoConfig(Boolean enabled, List<String> maskKeys) {
    public InfoConfig {
        enabled = enabled == null || enabled;
        List<String> keys = new ArrayList<>();
        if (maskKeys != null) {
            for (String k : maskKeys) {
                if (k != null && !k.isBlank()) {
                    try {
                        Pattern.compile(k);
                    } catch (PatternSyntaxException e) {
                        throw new IllegalArgumentException("maskKeys entry '" + k + "' is not a regular expression: "
                                + e.getDescription());
                    }
                    keys.add(k);
                }
            }
        }
        maskKeys = List.copyOf(keys);
    }
}
