/**
 * The {@code specification} middleware: request -> OpenAPI operation (literal segments beat
 * templates), 404 ERR10007 / 405 ERR10008 outside the spec, and the attachments later middleware
 * reads (operation, endpoint, required scopes). IO thread, no blocking.
 */
package io.lumen.validator.specification;
