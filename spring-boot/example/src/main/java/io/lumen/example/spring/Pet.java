package io.lumen.example.spring;

import com.fasterxml.jackson.annotation.JsonInclude;

/** A pet of the OpenAPI petstore; {@code tag} is optional. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Pet(long id, String name, String tag) {
}
