package io.lumen.config;

import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

import java.util.regex.Pattern;

/**
 * Types plain scalars by YAML 1.2's core schema, which OpenAPI recommends, instead of SnakeYAML's
 * YAML 1.1 rules: only {@code true}/{@code false} are booleans, so an enum of country codes keeps
 * Norway's unquoted {@code NO} (and {@code yes}, {@code on}, {@code off}) as text; dates stay text;
 * {@code 0x1F} and {@code 0o17} are integers, {@code 1_000} and {@code 1:20} text. For API specs
 * only (the root spec file through {@link ConfigLoader}, the files it references through
 * lumen-openapi): config files keep YAML 1.1's rules, as light-4j read them ({@code enabled: yes}).
 */
public final class Yaml12Resolver extends Resolver {
    private static final Pattern BOOL = Pattern.compile("^(?:true|True|TRUE|false|False|FALSE)$");
    private static final Pattern INT = Pattern.compile("^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$");
    private static final Pattern FLOAT = Pattern.compile(
            "^(?:[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
    private static final Pattern NULL = Pattern.compile("^(?:~|null|Null|NULL|)$");

    @Override
    protected void addImplicitResolvers() {
        addImplicitResolver(Tag.BOOL, BOOL, "tfTF");
        addImplicitResolver(Tag.INT, INT, "-+0123456789");
        addImplicitResolver(Tag.FLOAT, FLOAT, "-+0123456789.");
        addImplicitResolver(Tag.NULL, NULL, "~nN\0");
        addImplicitResolver(Tag.NULL, EMPTY, null);
        addImplicitResolver(Tag.MERGE, MERGE, "<");
    }
}
