package io.lumen.validator;

import io.lumen.validator.specification.OperationMatch;
import io.lumen.validator.validation.ValidatedRequest;
import io.undertow.util.AttachmentKey;

/**
 * The typed exchange attachments of the validator module, in one place for handlers; absent when their
 * middleware is not in the chain. Each key is defined beside its type (the middleware use those), so
 * this package depends on its sub-packages and not the other way round.
 */
public final class OpenApiAttachments {
    /** The matched OpenAPI operation and its raw path values; set by {@code specification}. */
    public static final AttachmentKey<OperationMatch> OPERATION = OperationMatch.ATTACHMENT_KEY;

    /** The request's parameters converted by their schemas and validated, and the body; set by {@code validator}. */
    public static final AttachmentKey<ValidatedRequest> VALIDATED = ValidatedRequest.ATTACHMENT_KEY;

    private OpenApiAttachments() {
    }
}
