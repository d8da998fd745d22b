package io.lumen.petstore.impl;

import io.lumen.petstore.PetStore;
import io.lumen.petstore.api.ListPetsApi;
import io.lumen.petstore.api.ListPetsRequest;
import io.lumen.petstore.api.ListPetsResponse;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpServerExchange;

/** {@code GET /v1/pets?limit=n}: the pets in id order, at most {@code limit} (without it one page). */
public final class ListPetsImpl extends PetstoreImpl implements ListPetsApi {
    public ListPetsImpl(ServiceContext context) {
        super(context);
    }

    @Override
    public ListPetsResponse listPets(ListPetsRequest request, HttpServerExchange exchange) {
        // the cached first page carries its JSON: the typed answer is not serialized again
        return ListPetsResponse.status200(store.listPage(request.limit() == null ? PetStore.PAGE : request.limit()));
    }
}
