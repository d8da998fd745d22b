package io.lumen.petstore.impl;

import io.lumen.petstore.PetStore;
import io.lumen.petstore.api.CreatePetsApi;
import io.lumen.petstore.api.CreatePetsRequest;
import io.lumen.petstore.api.CreatePetsResponse;
import io.lumen.petstore.model.Pet;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;
import io.undertow.server.HttpServerExchange;

/** {@code POST /v1/pets}: 201 with the stored pet; 409 ERR20002 for a taken id, 507 ERR20004 when full. */
public final class CreatePetsImpl implements CreatePetsApi {
    private final PetStore store;
    private final ErrorResponder errors;

    public CreatePetsImpl(ServiceContext context) {
        this.store = Pets.store(context);
        this.errors = context.errors();
    }

    @Override
    public CreatePetsResponse createPets(CreatePetsRequest request, HttpServerExchange exchange) {
        Pet pet = request.body(); // a valid Pet by the spec: id and name present
        return switch (store.add(pet)) {
            case EXISTS -> throw errors.exception(Pets.PET_EXISTS, pet.id());
            case FULL -> throw errors.exception(Pets.STORE_FULL, store.capacity());
            case ADDED -> CreatePetsResponse.status201(pet);
        };
    }
}
