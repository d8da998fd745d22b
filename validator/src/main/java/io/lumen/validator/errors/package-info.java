/**
 * Lumen's rejections in the error format the spec declares. {@link io.lumen.validator.errors.SpecErrorFormats}
 * is the one place that decides, per operation and status, how an answer of Lumen's is written:
 * the declared error response's schema and media type (exact status, then {@code 4XX}, then
 * {@code default}), RFC 9457 problem details built in, common shapes filled automatically
 * ({@code ErrorBodyPlan}), anything else through
 * {@code openapi-validator.yml errorFormat.properties} or a user's
 * {@link io.lumen.validator.errors.ErrorMapper}; Lumen's error JSON where the spec declares nothing.
 * It registers itself on core's {@link io.lumen.status.ErrorResponder}, the one writer every module
 * answers through.
 */
package io.lumen.validator.errors;
