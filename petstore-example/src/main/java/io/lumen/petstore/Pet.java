package io.lumen.petstore;

import com.fasterxml.jackson.annotation.JsonInclude;

/** A pet of the petstore spec: {@code id} and {@code name} required, {@code tag} optional. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Pet(Long id, String name, String tag) {
}
