package io.lumen.petstore.impl;

import io.lumen.petstore.PetStore;
import io.lumen.petstore.PetStores;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;

/**
 * What the implementations share: the service's one store (the hand-written handlers get the same
 * one), the error writer and the petstore's status codes (app-status.yml).
 */
abstract class PetstoreImpl {
    static final String PET_NOT_FOUND = "ERR20001";
    static final String PET_EXISTS = "ERR20002";
    static final String STORE_FULL = "ERR20004";

    final PetStore store;
    final ErrorResponder errors;

    PetstoreImpl(ServiceContext context) {
        this.store = PetStores.of(context);
        this.errors = context.errors();
    }
}
