/**
 * Parameter serialization: OpenAPI {@code style}/{@code explode} parsing of path, query, header and
 * cookie parameters and conversion of the raw strings by the parameter's schema
 * ({@link io.lumen.validator.params.ParameterReader}, {@link io.lumen.validator.params.Coercer}).
 * Stateless per request; conversion problems are {@link io.lumen.validator.params.ConversionException}s.
 */
package io.lumen.validator.params;
