package io.lumen.validator;

import io.lumen.validator.specification.OperationMatch;
import io.lumen.validator.validation.ValidatedRequest;
import io.undertow.util.AttachmentKey;

/** The typed exchange attachments of the validator module; absent when their middleware is not in the chain. */
public final class OpenApiAttachments {
    /** The matched OpenAPI operation and its raw path values; set by {@code specification}. */
    public static final AttachmentKey<OperationMatch> OPERATION = AttachmentKey.create(OperationMatch.class);

    /** The request's parameters converted by their schemas and validated, and the body; set by {@code validator}. */
    public static final AttachmentKey<ValidatedRequest> VALIDATED = AttachmentKey.create(ValidatedRequest.class);

    private OpenApiAttachments() {
    }
}
