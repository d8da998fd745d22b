package io.lumen.status;

/**
 * The root cause of a failure, for one-line messages: a driver's or a socket's exception is often
 * wrapped several times, and the outer messages repeat each other while the root says what went wrong.
 */
public final class Causes {
    private Causes() {
    }

    /** The innermost cause of {@code t} ({@code t} itself when it has none); stops at a cause that is its own cause. */
    public static Throwable root(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    /** The root cause's message, or its {@code toString()} when it has none. */
    public static String rootMessage(Throwable t) {
        Throwable root = root(t);
        return root.getMessage() == null ? root.toString() : root.getMessage();
    }
}
