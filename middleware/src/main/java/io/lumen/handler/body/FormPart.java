package io.lumen.handler.body;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * One part of a {@code multipart/form-data} body: a field, or a file when it has a file name.
 *
 * @param name        the form field's name ({@code Content-Disposition: form-data; name="..."})
 * @param filename    the file name the client sent, or null for a plain field
 * @param contentType the part's {@code Content-Type}, or null when it has none (a plain field is text)
 * @param content     the part's bytes (transfer encodings decoded); do not modify
 */
public record FormPart(String name, String filename, String contentType, byte[] content) {

    /** A file part: the client gave a file name. */
    public boolean isFile() {
        return filename != null;
    }

    /** The content as a stream (each call a new one, from the start). */
    public InputStream stream() {
        return new ByteArrayInputStream(content);
    }

    /** The content as text, in the part's {@code charset} (UTF-8 when it names none). */
    public String text() {
        Charset charset = StandardCharsets.UTF_8;
        if (contentType != null) {
            try {
                charset = MediaTypes.charset(contentType);
            } catch (RuntimeException e) {
                charset = StandardCharsets.UTF_8; // an unknown charset: the bytes are still there
            }
        }
        return new String(content, charset);
    }

    /** The file name (or the field name): what a {@code String} bound from this part holds. */
    @Override
    public String toString() {
        return filename != null ? filename : name;
    }
}
