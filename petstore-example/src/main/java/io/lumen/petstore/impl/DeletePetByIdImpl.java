package io.lumen.petstore.impl;

import io.lumen.petstore.api.DeletePetByIdApi;
import io.lumen.petstore.api.DeletePetByIdRequest;
import io.lumen.petstore.api.DeletePetByIdResponse;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpServerExchange;

import static io.lumen.petstore.PetstoreCodes.PET_NOT_FOUND;

/** {@code DELETE /v1/pets/{petId}} (the spec requires the {@code key} header): the deleted pet, or 404 ERR20001. */
public final class DeletePetByIdImpl extends PetstoreImpl implements DeletePetByIdApi {
    public DeletePetByIdImpl(ServiceContext context) {
        super(context);
    }

    @Override
    public DeletePetByIdResponse deletePetById(DeletePetByIdRequest request, HttpServerExchange exchange) {
        return store.remove(request.petId()).map(DeletePetByIdResponse::status200)
                .orElseThrow(() -> errors.exception(PET_NOT_FOUND, request.petId()));
    }
}
