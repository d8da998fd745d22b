package io.lumen.petstore.impl;

import io.lumen.petstore.api.CreatePetsApi;
import io.lumen.petstore.api.CreatePetsRequest;
import io.lumen.petstore.api.CreatePetsResponse;
import io.lumen.petstore.model.Pet;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpServerExchange;

import static io.lumen.petstore.PetstoreCodes.PET_EXISTS;
import static io.lumen.petstore.PetstoreCodes.STORE_FULL;

/** {@code POST /v1/pets}: 201 with the stored pet; 409 ERR20002 for a taken id, 507 ERR20004 when full. */
public final class CreatePetsImpl extends PetstoreImpl implements CreatePetsApi {
    public CreatePetsImpl(ServiceContext context) {
        super(context);
    }

    @Override
    public CreatePetsResponse createPets(CreatePetsRequest request, HttpServerExchange exchange) {
        Pet pet = request.body(); // a valid Pet by the spec: id and name present
        return switch (store.add(pet)) {
            case EXISTS -> throw errors.exception(PET_EXISTS, pet.id());
            case FULL -> throw errors.exception(STORE_FULL, store.capacity());
            case ADDED -> CreatePetsResponse.status201(pet);
        };
    }
}
