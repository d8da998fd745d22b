package io.lumen.validator.specification;

import io.lumen.openapi.Operation;
import io.undertow.util.AttachmentKey;

/**
 * The operation a request matched and the raw (URL-decoded) values of its path template segments,
 * attached under {@link #ATTACHMENT_KEY} (also {@code OpenApiAttachments.OPERATION}). Immutable.
 */
public final class OperationMatch {
    /** Where {@code specification} attaches the match: beside the type, as Undertow keeps its keys. */
    public static final AttachmentKey<OperationMatch> ATTACHMENT_KEY = AttachmentKey.create(OperationMatch.class);
    private static final String[] NONE = new String[0];

    private final Operation operation;
    private final String[] names;
    private final String[] values;

    OperationMatch(Operation operation, String[] names, String[] values) {
        this.operation = operation;
        this.names = names;
        this.values = values;
    }

    /** A match for a literal path: no values (one shared instance per operation). */
    static OperationMatch literal(Operation operation) {
        return new OperationMatch(operation, NONE, NONE);
    }

    public Operation operation() {
        return operation;
    }

    /** The raw value of the template segment {@code {name}}, before style parsing; null if none. */
    public String pathValue(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return values[i];
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return operation.endpoint();
    }
}
