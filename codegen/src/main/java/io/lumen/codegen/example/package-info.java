/**
 * Values for stubs and generated tests: {@link io.lumen.codegen.example.Examples} finds the spec's
 * own example of a media type, {@link io.lumen.codegen.example.Instances} synthesizes a value that
 * validates against a schema (required properties, formats, bounds, lengths, patterns, enums, the
 * discriminator of the chosen variant), {@link io.lumen.codegen.example.PatternSample} a string that
 * matches a regular expression. Deterministic: the same schema gives the same value.
 */
package io.lumen.codegen.example;
