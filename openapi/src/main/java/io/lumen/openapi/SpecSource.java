package io.lumen.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import io.lumen.config.ConfigException;

import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;

/**
 * One file of a spec (the root {@code openapi.yaml} or a file it references), with the line of
 * every JSON pointer so that problems become {@code file:line: pointer: problem}.
 *
 * @param name  where the file was found, as shown in errors
 * @param tree  its content
 * @param lines  the 1-based line of a pointer of the file as written, 0 when unknown
 * @param origin where a pointer of {@code tree} was in the file as written: itself, except for a
 *               Swagger 2.0 file converted to OpenAPI 3.0 ({@code Swagger2Converter})
 */
record SpecSource(String name, JsonNode tree, ToIntFunction<String> lines, UnaryOperator<String> origin) {

    SpecSource(String name, JsonNode tree, ToIntFunction<String> lines) {
        this(name, tree, lines, UnaryOperator.identity());
    }

    /**
     * {@code file:line: <pointer>: problem}, the pointer and line those of the file as written; the line
     * is that of the pointer or its nearest parent.
     */
    ConfigException error(String treePointer, String problem) {
        String pointer = origin.apply(treePointer);
        String p = pointer;
        int line = 0;
        while (true) {
            line = lines.applyAsInt(p);
            if (line > 0 || p.isEmpty()) {
                break;
            }
            p = p.substring(0, p.lastIndexOf('/'));
        }
        return new ConfigException(name, line, pointer.isEmpty() ? "/" : pointer, problem);
    }

    static String escape(String segment) {
        return segment.replace("~", "~0").replace("/", "~1");
    }

    static String unescape(String segment) {
        return segment.replace("~1", "/").replace("~0", "~");
    }
}
