package io.lumen.petstore.impl;

import io.lumen.petstore.PetStore;
import io.lumen.server.ServiceContext;

/** What the implementations share: the service's one store and the petstore's status codes (app-status.yml). */
final class Pets {
    static final String PET_NOT_FOUND = "ERR20001";
    static final String PET_EXISTS = "ERR20002";
    static final String STORE_FULL = "ERR20004";

    private Pets() {
    }

    /** The store every handler of the service shares (the hand-written ones too). */
    static PetStore store(ServiceContext context) {
        return PetStore.of(context);
    }
}
