package io.lumen.petstore.impl;

import io.lumen.petstore.PetStore;
import io.lumen.petstore.api.ShowPetByIdApi;
import io.lumen.petstore.api.ShowPetByIdRequest;
import io.lumen.petstore.api.ShowPetByIdResponse;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpServerExchange;

/** {@code GET /v1/pets/{petId}}: the pet, or 404 ERR20001. */
public final class ShowPetByIdImpl implements ShowPetByIdApi {
    private final PetStore store;
    private final ErrorResponder errors;

    public ShowPetByIdImpl(ServiceContext context) {
        this.store = Pets.store(context);
        this.errors = context.errors();
    }

    @Override
    public ShowPetByIdResponse showPetById(ShowPetByIdRequest request, HttpServerExchange exchange) {
        return store.find(request.petId()).map(ShowPetByIdResponse::status200)
                .orElseThrow(() -> errors.exception(Pets.PET_NOT_FOUND, request.petId()));
    }
}
