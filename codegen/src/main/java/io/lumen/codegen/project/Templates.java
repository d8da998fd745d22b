package io.lumen.codegen.project;

import com.samskivert.mustache.Mustache;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Renders the text templates in {@code io/lumen/codegen/templates} with jmustache (no HTML escaping). */
final class Templates {
    private static final Mustache.Compiler COMPILER = Mustache.compiler().escapeHTML(false).defaultValue("");

    private Templates() {
    }

    static String render(String name, Map<String, Object> model) {
        return COMPILER.compile(read(name)).execute(model);
    }

    static String read(String name) {
        String resource = "/io/lumen/codegen/templates/" + name;
        try (InputStream in = Templates.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("template " + resource + " is missing from the generator");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
