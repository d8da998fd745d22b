package io.lumen.config;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Injects {@code ${key}}, {@code ${key:default}}, {@code ${key:?error}} and {@code ${key:$}} into every string
 * value of a config tree. A string that is exactly one placeholder takes the resolved value with its own type.
 */
final class PlaceholderResolver {
    /**
     * A found value; {@code value} may be null when values.yml says so explicitly. {@code origin} is
     * the values.yml line it came from, or null for overrides and the environment.
     */
    record Found(Object value, ValueOrigin origin) {
        Found(Object value) {
            this(value, null);
        }
    }

    private static final Pattern INT = Pattern.compile("[-+]?(0|[1-9][0-9]*)");
    private static final Pattern FLOAT =
            Pattern.compile("[-+]?(([0-9]+\\.[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?|[0-9]+[eE][-+]?[0-9]+)");

    /** light-4j's prefix of an encrypted value. */
    static final String CRYPT = "CRYPT:";

    private static final Logger LOG = LoggerFactory.getLogger(PlaceholderResolver.class);

    private final Function<String, Found> lookup;
    private final boolean environment;
    private final Light4jDecryptor decryptor;

    /**
     * @param lookup      returns the value for a key, or null when no source has it
     * @param environment whether environment variables are among the sources (the hint of a missing value names one)
     * @param decryptor   decrypts light-4j's {@code CRYPT:} values
     */
    PlaceholderResolver(Function<String, Found> lookup, boolean environment, Light4jDecryptor decryptor) {
        this.lookup = lookup;
        this.environment = environment;
        this.decryptor = decryptor;
    }

    Light4jDecryptor decryptor() {
        return decryptor;
    }

    boolean environment() {
        return environment;
    }

    /**
     * One file's injection: where injected values came from, and, in an OpenAPI document, the
     * placeholders of its prose kept as written (how many, and the first as file:line ${...}).
     */
    private static final class Pass {
        final Map<String, ValueOrigin> origins;
        final boolean spec;
        int kept;
        String firstKept;

        Pass(Map<String, ValueOrigin> origins, boolean spec) {
            this.origins = origins;
            this.spec = spec;
        }
    }

    /**
     * Whether the value under {@code key} of an OpenAPI document is prose or sample data, not
     * configuration: descriptions, summaries, examples and {@code x-} extensions (code samples hold
     * JavaScript template literals such as {@code ${speakerRef}}).
     */
    private static boolean isText(String key) {
        return key.equals("description") || key.equals("summary") || key.equals("example") || key.equals("examples")
                || key.startsWith("x-");
    }

    /** The environment variable light-4j reads for a key: {@code server.httpPort -> SERVER_HTTPPORT}. */
    static String envName(String key) {
        char[] name = new char[key.length()];
        for (int i = 0; i < name.length; i++) {
            char c = key.charAt(i);
            boolean keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            name[i] = keep ? Character.toUpperCase(c) : '_';
        }
        return new String(name);
    }

    /**
     * Types a string the way a plain YAML scalar would be: booleans, integers and decimals become values,
     * {@code ''} is the empty string, anything else stays text. Used for env vars and defaults, which are strings.
     */
    static Object typed(String text) {
        String t = text.trim();
        if (t.isEmpty() || t.equals("''") || t.equals("\"\"")) {
            return "";
        }
        if (t.equalsIgnoreCase("true") || t.equalsIgnoreCase("false")) {
            return Boolean.valueOf(t);
        }
        try {
            if (INT.matcher(t).matches()) {
                long v = Long.parseLong(t);
                return v == (int) v ? (Object) (int) v : (Object) v;
            }
            if (FLOAT.matcher(t).matches()) {
                return Double.valueOf(t);
            }
        } catch (NumberFormatException tooBig) {
            // keep it as text
        }
        return text;
    }

    /**
     * Returns a copy of the file's tree with every placeholder replaced; errors carry file, line and key.
     * {@code origins} receives, per pointer, the values.yml line of each value injected from there.
     */
    Object inject(ConfigFile file, Map<String, ValueOrigin> origins) {
        boolean spec = file.tree() instanceof Map<?, ?> root && (root.containsKey("openapi") || root.containsKey("swagger"));
        Pass pass = new Pass(origins, spec);
        Object out = walk(file, file.tree(), "", false, pass);
        if (pass.kept > 0) {
            LOG.warn("{}: {} ${...} in descriptions, examples or x- extensions have no value and are kept as written "
                    + "(text, not configuration; first: {})", file.displayName(), pass.kept, pass.firstKept);
        }
        return out;
    }

    /** {@code text}: this value is prose or sample data of an OpenAPI document. */
    private Object walk(ConfigFile file, Object node, String pointer, boolean text, Pass pass) {
        if (node instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String key = String.valueOf(e.getKey());
                out.put(e.getKey(), walk(file, e.getValue(), JsonPointers.child(pointer, key),
                        text || (pass.spec && isText(key)), pass));
            }
            return out;
        }
        if (node instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (int i = 0; i < list.size(); i++) {
                out.add(walk(file, list.get(i), JsonPointers.child(pointer, i), text, pass));
            }
            return out;
        }
        Object value = node instanceof String s && s.contains("${") ? resolve(file, s, pointer, text, pass) : node;
        if (!text && value instanceof String s && s.startsWith(CRYPT)) {
            return decrypt(decryptor, file, pointer, pass.origins.get(pointer), s);
        }
        return value;
    }

    private Object resolve(ConfigFile file, String text, String pointer, boolean prose, Pass pass) {
        StringBuilder out = new StringBuilder();
        int pos = 0;
        while (true) {
            int start = text.indexOf("${", pos);
            if (start < 0) {
                out.append(text, pos, text.length());
                return out.toString();
            }
            int end = closingBrace(text, start + 2);
            if (end < 0) {
                if (prose) { // prose may hold a lone ${
                    out.append(text, pos, text.length());
                    return out.toString();
                }
                throw file.error(pointer, "unterminated ${ in '" + text + "' (expected a closing })");
            }
            Object value = resolveOne(file, text.substring(start + 2, end), pointer, prose, pass);
            if (start == 0 && end == text.length() - 1) {
                return value; // the whole value: keep the resolved type
            }
            out.append(text, pos, start).append(value == null ? "" : value);
            pos = end + 1;
        }
    }

    /**
     * The plain text of light-4j's encrypted value {@code value} found at {@code pointer} of {@code file} (or
     * injected from {@code origin}); a value that cannot be decrypted stops startup at its file, line and key.
     */
    static String decrypt(Light4jDecryptor decryptor, ConfigFile file, String pointer, ValueOrigin origin, String value) {
        try {
            return decryptor.decrypt(value);
        } catch (Light4jDecryptor.Failure f) {
            String problem = "a light-4j encrypted value (CRYPT:...) " + f.getMessage();
            if (origin != null) {
                int line = file.lineOf(pointer);
                throw new ConfigException(origin.file(), origin.line(), origin.key(), problem + " (read as "
                        + file.name() + ".yml " + JsonPointers.render(file.tree(), pointer) + (line > 0 ? " at line " + line : "") + ")");
            }
            throw file.error(pointer, problem);
        }
    }

    /** The index of the '}' closing a placeholder body starting at {@code from}: defaults may hold {@code {}}. */
    private static int closingBrace(String text, int from) {
        int depth = 1;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private Object resolveOne(ConfigFile file, String body, String pointer, boolean prose, Pass pass) {
        int colon = body.indexOf(':');
        String key = (colon < 0 ? body : body.substring(0, colon)).trim();
        String modifier = colon < 0 ? null : body.substring(colon + 1);
        Found found = key.isEmpty() ? null : lookup.apply(key);
        if (found != null) {
            if (found.origin() != null) {
                pass.origins.put(pointer, found.origin());
            }
            return found.value();
        }
        if (prose && (modifier == null || modifier.startsWith("?") || key.isEmpty())) {
            if (pass.kept++ == 0) {
                pass.firstKept = file.displayName() + ":" + file.lineOf(pointer) + " ${" + body + "}";
            }
            return "${" + body + "}";
        }
        if (key.isEmpty()) {
            throw file.error(pointer, "empty placeholder ${" + body + "}");
        }
        if (modifier == null) {
            throw file.error(pointer, "no value for ${" + key + "} (set it in values.yml"
                    + (environment ? " or the environment variable " + envName(key) : " beside the file")
                    + ", or give it a default: ${" + key + ":default})");
        }
        if (modifier.startsWith("?")) {
            String message = modifier.substring(1).trim();
            throw file.error(pointer, message.isEmpty() ? "no value for ${" + key + "}" : message);
        }
        if (modifier.equals("$")) {
            return "${" + key + "}"; // escape: keep the placeholder text for whoever reads it later
        }
        return typed(modifier);
    }
}
