package io.lumen.petstore.impl;

import io.lumen.handler.Blocking;
import io.lumen.petstore.PetStore;
import io.lumen.petstore.PetStores;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorResponder;

/**
 * What the implementations share: the service's one store (the hand-written handlers get the same
 * one) and the error writer; the codes they answer with are {@link io.lumen.petstore.PetstoreCodes}. An
 * implementation blocks exactly when its store does ({@link PetStore#blocking()}: the JDBC store); its generated
 * adapter answers the same at link time, so the chain engine then runs the operation on a virtual
 * thread (Java 21+) or the worker pool, and with the in-memory store on the IO thread.
 */
abstract class PetstoreImpl implements Blocking {
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
