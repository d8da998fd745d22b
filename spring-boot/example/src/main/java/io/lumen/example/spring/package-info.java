/**
 * The Spring Boot example: the petstore's controllers behind Lumen's handler.yml chain, a plain
 * Lumen handler, and the comparison routes the benchmark uses.
 */
package io.lumen.example.spring;
