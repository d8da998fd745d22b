package io.lumen.petstore.impl;

import io.lumen.petstore.api.ShowPetByIdApi;
import io.lumen.petstore.api.ShowPetByIdRequest;
import io.lumen.petstore.api.ShowPetByIdResponse;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpServerExchange;

import static io.lumen.petstore.PetstoreCodes.PET_NOT_FOUND;

/** {@code GET /v1/pets/{petId}}: the pet, or 404 ERR20001. */
public final class ShowPetByIdImpl extends PetstoreImpl implements ShowPetByIdApi {
    public ShowPetByIdImpl(ServiceContext context) {
        super(context);
    }

    @Override
    public ShowPetByIdResponse showPetById(ShowPetByIdRequest request, HttpServerExchange exchange) {
        return store.find(request.petId()).map(ShowPetByIdResponse::status200)
                .orElseThrow(() -> errors.exception(PET_NOT_FOUND, request.petId()));
    }
}
