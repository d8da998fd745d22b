/**
 * The {@code body} middleware: reads JSON, form and text request bodies asynchronously on the IO
 * thread (never blocking, never dispatching), enforces {@code maxBodySize} while reading, parses
 * them into a {@link io.lumen.handler.body.ParsedBody} attachment and puts the bytes back so later
 * handlers can read them again. Errors are the error JSON: 413 ERR10068, 400 ERR10015, 415 ERR19001.
 */
package io.lumen.handler.body;
