/**
 * The path router. Literal paths are found with one hash lookup; templates in a segment trie where
 * literal segments beat {@code {param}} segments, which beat a trailing {@code *}. A path known
 * under other methods answers 405 with {@code Allow}; HEAD is served by the GET route. Built once,
 * immutable, safe on any thread.
 */
package io.lumen.handler.router;
