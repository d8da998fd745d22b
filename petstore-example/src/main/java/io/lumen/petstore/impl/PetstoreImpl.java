package io.lumen.petstore.impl;

import io.lumen.handler.Blocking;
import io.lumen.petstore.PetStore;
import io.lumen.petstore.PetStores;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;

/**
 * What the implementations share: the service's one store (the hand-written handlers get the same
 * one), the error writer and the petstore's status codes (app-status.yml). An implementation
 * blocks exactly when its store does ({@link PetStore#blocking()}: the JDBC store); its generated
 * adapter answers the same at link time, so the chain engine then runs the operation on a virtual
 * thread (Java 21+) or the worker pool, and with the in-memory store on the IO thread.
 */
abstract class PetstoreImpl implements Blocking {
    static final String PET_NOT_FOUND = "ERR20001";
    static final String PET_EXISTS = "ERR20002";
    static final String STORE_FULL = "ERR20004";

    final PetStore store;
    final ErrorResponder errors;

    PetstoreImpl(ServiceContext context) {
        this.store = PetStores.of(context);
        this.errors = context.errors();
    }

    @Override
    public boolean blocks() {
        return store.blocking();
    }
}
