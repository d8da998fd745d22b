package io.lumen.config;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.AbstractConstruct;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.reader.UnicodeReader;
import org.yaml.snakeyaml.representer.Representer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Parses YAML or JSON into plain Java values and a line table. Composing the node tree first (instead of
 * {@code yaml.load}) is what gives us the line of every key and list item for error messages. A
 * {@code .json} file is read by {@link JsonTreeReader} (the same values and lines, much faster), and as
 * YAML only when that refuses it.
 */
final class YamlReader {
    private static final Logger LOG = LoggerFactory.getLogger(YamlReader.class);

    /** The parsed document: plain values plus where each came from. */
    record Parsed(Object tree, LineTable lines) {}

    private YamlReader() {}

    static Parsed read(InputStream in, String displayName) {
        return read(in, displayName, false);
    }

    /**
     * @param yaml12 type plain scalars by YAML 1.2's core schema ({@link Yaml12Resolver}), as OpenAPI
     *               recommends for specs; false: YAML 1.1, as light-4j read its config files
     */
    static Parsed read(InputStream in, String displayName, boolean yaml12) {
        if (!displayName.toLowerCase(Locale.ROOT).endsWith(".json")) {
            return readYaml(in, displayName, yaml12);
        }
        byte[] bytes;
        try {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new ConfigException(displayName, 0, null, "cannot read: " + e.getMessage(), e);
        }
        Parsed json = yamlLineBreaks(bytes) ? null : JsonTreeReader.read(bytes);
        return json != null ? json : readYaml(new ByteArrayInputStream(bytes), displayName, yaml12);
    }

    /**
     * Whether the bytes hold a line break YAML counts and JSON does not (NEL, LS, PS in UTF-8): the
     * JSON reader's line numbers would differ from the YAML reader's.
     */
    private static boolean yamlLineBreaks(byte[] bytes) {
        for (int i = 0; i + 1 < bytes.length; i++) {
            if ((bytes[i] == (byte) 0xC2 && bytes[i + 1] == (byte) 0x85)
                    || (bytes[i] == (byte) 0xE2 && bytes[i + 1] == (byte) 0x80 && i + 2 < bytes.length
                    && (bytes[i + 2] == (byte) 0xA8 || bytes[i + 2] == (byte) 0xA9))) {
                return true;
            }
        }
        return false;
    }

    private static Parsed readYaml(InputStream in, String displayName, boolean yaml12) {
        LoaderOptions options = new LoaderOptions();
        // light-4j's SnakeYAML took the later of two equal keys (public folders have them in values.yml):
        // so does Lumen, with a warning naming both lines (recordLines)
        PlainConstructor constructor = new PlainConstructor(options, yaml12);
        DumperOptions dumper = new DumperOptions();
        Yaml yaml = yaml12 ? new Yaml(constructor, new Representer(dumper), dumper, options, new Yaml12Resolver())
                : new Yaml(constructor, new Representer(dumper), dumper, options);
        try (UnicodeReader reader = new UnicodeReader(in)) {
            Node root = yaml.compose(reader);
            if (root == null) {
                // An empty file is an empty config, not an error.
                return new Parsed(new LinkedHashMap<String, Object>(), LineTable.EMPTY);
            }
            Object tree = constructor.construct(root);
            Map<String, Integer> lines = new HashMap<>();
            recordLines(root, "", lines, Collections.newSetFromMap(new IdentityHashMap<>()), displayName);
            return new Parsed(tree, new LineTable(lines));
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String problem = e.getProblem() != null ? e.getProblem() : e.getContext();
            throw new ConfigException(displayName, mark == null ? 0 : mark.getLine() + 1, null, oneLine(problem), e);
        } catch (YAMLException e) {
            throw new ConfigException(displayName, 0, null, oneLine(e.getMessage()), e);
        } catch (IOException e) {
            throw new ConfigException(displayName, 0, null, "cannot read: " + e.getMessage(), e);
        }
    }

    private static void recordLines(Node node, String pointer, Map<String, Integer> lines, Set<Node> onPath, String file) {
        lines.putIfAbsent(pointer, node.getStartMark().getLine() + 1);
        if (!onPath.add(node)) {
            return; // recursive alias: the lines above are enough
        }
        if (node instanceof MappingNode map) {
            Map<String, Integer> seen = new HashMap<>();
            for (NodeTuple tuple : map.getValue()) {
                if (tuple.getKeyNode() instanceof ScalarNode key) {
                    String child = JsonPointers.child(pointer, key.getValue());
                    int line = key.getStartMark().getLine() + 1;
                    Integer first = seen.put(key.getValue(), line);
                    if (first != null) {
                        LOG.warn("{}:{}: {} is given twice (first at line {}): the later value is used, as light-4j did;"
                                + " remove one", file, line, key.getValue(), first);
                    }
                    lines.put(child, line);
                    recordLines(tuple.getValueNode(), child, lines, onPath, file);
                }
            }
        } else if (node instanceof SequenceNode seq) {
            for (int i = 0; i < seq.getValue().size(); i++) {
                recordLines(seq.getValue().get(i), JsonPointers.child(pointer, i), lines, onPath, file);
            }
        }
        onPath.remove(node);
    }

    private static String oneLine(String text) {
        return text == null ? "invalid YAML" : text.replaceAll("\\s*\\R\\s*", " ").trim();
    }

    /** Safe construction only; timestamps stay strings because config code wants the text, not java.util.Date. */
    private static final class PlainConstructor extends SafeConstructor {
        PlainConstructor(LoaderOptions options, boolean yaml12) {
            super(options);
            this.yamlConstructors.put(Tag.TIMESTAMP, new ConstructYamlStr());
            if (yaml12) {
                this.yamlConstructors.put(Tag.INT, new ConstructYaml12Int());
            }
        }

        /** YAML 1.2 integers: decimal, {@code 0x} hex, {@code 0o} octal (1.1's leading-0 octal is decimal). */
        private final class ConstructYaml12Int extends AbstractConstruct {
            @Override
            public Object construct(Node node) {
                String v = constructScalar((ScalarNode) node);
                BigInteger n = v.startsWith("0x") ? new BigInteger(v.substring(2), 16)
                        : v.startsWith("0o") ? new BigInteger(v.substring(2), 8) : new BigInteger(v);
                return n.bitLength() < 32 ? (Object) n.intValue() : n.bitLength() < 64 ? (Object) n.longValue() : n;
            }
        }

        Object construct(Node node) {
            return constructDocument(node);
        }
    }
}
