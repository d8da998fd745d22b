/**
 * The {@code validator} middleware: parameters converted and validated by their schemas, bodies
 * validated against the media type's schema, every error of a request in one 400, optional
 * response validation. Schemas are compiled once at startup (networknt json-schema-validator 2.0);
 * requests are validated on the IO thread without building schemas.
 */
package io.lumen.validator.validation;
