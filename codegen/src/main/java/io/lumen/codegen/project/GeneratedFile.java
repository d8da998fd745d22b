package io.lumen.codegen.project;

import java.nio.charset.StandardCharsets;

/**
 * One file of a generated project.
 *
 * @param path    relative to the project folder, {@code /}-separated
 * @param content the bytes
 * @param owner   who owns it, which decides when it is written
 */
public record GeneratedFile(String path, byte[] content, Owner owner) {

    /** Who owns a file. */
    public enum Owner {
        /** The generated layer: rewritten whenever its content changes, never edited by hand. */
        GENERATED,
        /** The project's copy of the spec: replaced by the spec given to the generator. */
        SPEC,
        /** The user's: written when missing, never touched again. */
        USER
    }

    public static GeneratedFile text(String path, String text, Owner owner) {
        return new GeneratedFile(path, text.getBytes(StandardCharsets.UTF_8), owner);
    }
}
