package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lumen.config.ConfigException;
import io.lumen.config.Yaml12Resolver;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Representer;

import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

/**
 * A YAML (or JSON) document read into a Jackson tree with the line of every JSON pointer: how
 * files referenced from the spec ({@code other.yaml#/...}) are read, so their errors also say
 * {@code file:line}. Scalars are typed by YAML 1.2's core schema ({@link Yaml12Resolver}: ints, floats,
 * {@code true}/{@code false}, null; {@code NO} stays text).
 */
final class YamlTree {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private YamlTree() {
    }

    static SpecSource read(Reader in, String displayName) {
        Node root;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            DumperOptions dumper = new DumperOptions();
            root = new Yaml(new SafeConstructor(options), new Representer(dumper), dumper, options, new Yaml12Resolver()).compose(in);
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() == null ? 0 : e.getProblemMark().getLine() + 1;
            throw new ConfigException(displayName, line, null, "not valid YAML: " + e.getProblem());
        } catch (RuntimeException e) {
            throw new ConfigException(displayName, 0, null, "not valid YAML: " + e.getMessage());
        }
        Map<String, Integer> lines = new HashMap<>();
        JsonNode tree = root == null ? NODES.objectNode() : convert(root, "", lines, displayName);
        return new SpecSource(displayName, tree, p -> lines.getOrDefault(p, 0));
    }

    private static JsonNode convert(Node node, String pointer, Map<String, Integer> lines, String file) {
        lines.put(pointer, node.getStartMark() == null ? 0 : node.getStartMark().getLine() + 1);
        if (node instanceof MappingNode map) {
            ObjectNode obj = NODES.objectNode();
            for (NodeTuple t : map.getValue()) {
                if (!(t.getKeyNode() instanceof ScalarNode key)) {
                    throw new ConfigException(file, t.getKeyNode().getStartMark().getLine() + 1, pointer, "keys must be scalars");
                }
                String name = key.getValue();
                obj.set(name, convert(t.getValueNode(), pointer + "/" + SpecSource.escape(name), lines, file));
            }
            return obj;
        }
        if (node instanceof SequenceNode seq) {
            ArrayNode arr = NODES.arrayNode();
            int i = 0;
            for (Node item : seq.getValue()) {
                arr.add(convert(item, pointer + "/" + i++, lines, file));
            }
            return arr;
        }
        ScalarNode s = (ScalarNode) node;
        String v = s.getValue();
        Tag tag = s.getTag();
        if (Tag.NULL.equals(tag)) {
            return NODES.nullNode();
        }
        if (Tag.BOOL.equals(tag)) {
            return NODES.booleanNode(v.equalsIgnoreCase("true"));
        }
        if (Tag.INT.equals(tag)) {
            try {
                return NODES.numberNode(v.startsWith("0x") ? new BigInteger(v.substring(2), 16)
                        : v.startsWith("0o") ? new BigInteger(v.substring(2), 8) : new BigInteger(v));
            } catch (NumberFormatException e) {
                return NODES.textNode(v);
            }
        }
        if (Tag.FLOAT.equals(tag)) {
            try {
                return NODES.numberNode(new BigDecimal(v));
            } catch (NumberFormatException e) {
                return NODES.textNode(v);
            }
        }
        return NODES.textNode(v);
    }
}
