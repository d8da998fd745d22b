package io.lumen.status;

/**
 * How one answer of Lumen's is written when a spec declares its own error format, for example RFC
 * 9457 problem details. Implementations are made at startup and must be thread-safe.
 */
public interface ErrorFormat {
    /** The {@code Content-Type} of the answer, e.g. {@code application/problem+json}. */
    String mediaType();

    /**
     * The answer's body; null when this format has nothing to say for {@code error}. Either way, and
     * on an exception, the responder answers with Lumen's error JSON.
     */
    byte[] body(ErrorContent error);
}
