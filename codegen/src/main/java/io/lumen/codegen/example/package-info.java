/**
 * Values for stubs and generated tests, where the spec gives no example of a media type (the
 * operation package takes those): {@link io.lumen.codegen.example.Instances} synthesizes a value that
 * validates against a schema (required properties, formats, bounds, lengths, patterns, enums, the
 * discriminator of the chosen variant), {@link io.lumen.codegen.example.PatternSample} a string that
 * matches a regular expression. Deterministic: the same schema gives the same value.
 */
package io.lumen.codegen.example;
