package io.lumen.petstore;

import io.lumen.petstore.model.Pet;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;

/**
 * Where the petstore keeps its pets, shared by the service's handlers, hand-written and generated
 * alike (one per service, through {@code ServiceContext.shared}; {@link PetStores} picks the
 * implementation from petstore.yml): {@link InMemoryPetStore} (the default) or {@link JdbcPetStore}
 * (a pool of datasource.yml). Pets are the generated {@code io.lumen.petstore.model.Pet} records.
 * Implementations are thread-safe. A database store's calls block, and fail with a
 * {@code StatusException} (503 when the pool is busy or the database unreachable).
 */
public interface PetStore {
    /** The most pets a listing returns. */
    int PAGE = 100;

    /** The outcome of {@link #add}. */
    enum Added { ADDED, EXISTS, FULL }

    /** The first {@code limit} pets in id order ({@code limit} capped at {@link #PAGE}). */
    List<Pet> list(int limit);

    /** The JSON array of {@link #list(int)}, ready to send (the hand-written {@code GET /v1/pets}). */
    ByteBuffer listJson(int limit);

    /**
     * The first {@code limit} pets for a typed response (the generated {@code GET /v1/pets}). A
     * store may answer a list that is also an {@code io.lumen.rest.PreEncodedJson}, whose bytes the
     * generated adapter sends as they are instead of serializing the pets again.
     */
    List<Pet> listPage(int limit);

    Optional<Pet> find(long id);

    /** Adds {@code pet} unless its id is taken (or the store is full). */
    Added add(Pet pet);

    /** Removes and returns the pet with {@code id}. */
    Optional<Pet> remove(long id);

    /** The most pets the store holds ({@link Added#FULL} beyond it); {@link Integer#MAX_VALUE} when only the database bounds it. */
    int capacity();

    /** True when calls block (JDBC): the handlers then run off the IO thread ({@code Blocking}). */
    boolean blocking();
}
