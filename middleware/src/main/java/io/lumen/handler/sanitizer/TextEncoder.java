package io.lumen.handler.sanitizer;

import org.owasp.encoder.EncodedWriter;
import org.owasp.encoder.Encoder;
import org.owasp.encoder.Encoders;
import org.owasp.encoder.UnsupportedContextException;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * One OWASP Java Encoder context ({@code javascript-source}, {@code html}, ...) applied to whole strings.
 * The library's one-string entry point is package-private for named contexts, so this goes through
 * its public {@link EncodedWriter}.
 */
final class TextEncoder {
    private final Encoder encoder;

    private TextEncoder(Encoder encoder) {
        this.encoder = encoder;
    }

    /** The encoder of context {@code name}; {@code key} names the config key in the error for an unknown one. */
    static TextEncoder named(String key, String name) {
        try {
            return new TextEncoder(Encoders.forName(name));
        } catch (UnsupportedContextException e) {
            throw new IllegalArgumentException(key + ": '" + name + "' is not an OWASP Java Encoder context (for"
                    + " example javascript-source, javascript, javascript-attribute, javascript-block, html, html-content,"
                    + " html-attribute, css-string, uri-component, xml)");
        }
    }

    String apply(String text) {
        StringWriter out = new StringWriter(text.length() + 16);
        try (EncodedWriter encoded = new EncodedWriter(out, encoder)) {
            encoded.write(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }
}
