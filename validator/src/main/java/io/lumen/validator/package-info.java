/**
 * OpenAPI support: the {@code specification} and {@code validator} middleware, the spec endpoints
 * and the attachments they share ({@link io.lumen.validator.OpenApiAttachments}).
 */
package io.lumen.validator;
