package io.lumen.codegen.operation;

import java.util.Map;

/**
 * Which of an operation's declared media types the generated code works in, and how it is bound:
 * JSON-like types first, then forms and multipart (the validator converts them to objects), then
 * wildcards, then text, then bytes.
 */
final class MediaTypes {
    static final int JSON = 0;
    static final int JSON_LIKE = 1;
    static final int FORM = 2;
    static final int WILDCARD = 3;
    static final int TEXT = 4;
    static final int OTHER = 5;

    private MediaTypes() {
    }

    /** The preferred one of {@code content}'s media types. */
    static String choose(Map<String, String> content) {
        String best = null;
        int rank = Integer.MAX_VALUE;
        for (String mt : content.keySet()) {
            int r = rank(mt);
            if (r < rank) {
                best = mt;
                rank = r;
            }
        }
        return best;
    }

    /** One of the constants above: lower is preferred. */
    static int rank(String mt) {
        if (mt.equals("application/json")) {
            return JSON;
        }
        if (mt.endsWith("+json") || mt.endsWith("/json")) {
            return JSON_LIKE;
        }
        if (mt.equals("application/x-www-form-urlencoded") || mt.equals(MultipartBodies.MEDIA_TYPE)) {
            return FORM;
        }
        if (mt.equals("*/*") || mt.equals("application/*")) {
            return WILDCARD;
        }
        if (mt.startsWith("text/")) {
            return TEXT;
        }
        return OTHER;
    }

    /** How a body in {@code mt} is typed: forms bind like JSON in requests only. */
    static OperationModel.Kind kind(String mt, boolean request) {
        int r = rank(mt);
        if (r <= JSON_LIKE || r == WILDCARD || r == FORM && request) {
            return OperationModel.Kind.JSON;
        }
        return r == TEXT ? OperationModel.Kind.TEXT : OperationModel.Kind.BYTES;
    }
}
