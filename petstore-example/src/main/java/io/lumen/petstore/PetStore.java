package io.lumen.petstore;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The in-memory pet store, shared by the service's handlers (see {@code ServiceContext.shared}).
 * Writers copy-on-write a snapshot that also holds the pre-encoded JSON of the whole list, so
 * listing pets sends ready bytes. Thread-safe.
 */
public final class PetStore {
    private final ObjectMapper json;
    private volatile Snapshot snapshot;

    public PetStore(ObjectMapper json) {
        this.json = json;
        TreeMap<Long, Pet> seed = new TreeMap<>();
        seed.put(1L, new Pet(1L, "catten", "cat"));
        seed.put(2L, new Pet(2L, "doggy", "dog"));
        this.snapshot = snapshot(seed);
    }

    /** All pets in id order, as a read-only list. */
    public List<Pet> list() {
        return snapshot.list;
    }

    /** The JSON of {@link #list()}, a read-only direct buffer to {@code duplicate()} per response. */
    public ByteBuffer listJson() {
        return snapshot.listJson;
    }

    public Optional<Pet> find(long id) {
        return Optional.ofNullable(snapshot.byId.get(id));
    }

    /** Adds {@code pet}; false if its id is taken. */
    public synchronized boolean add(Pet pet) {
        if (snapshot.byId.containsKey(pet.id())) {
            return false;
        }
        TreeMap<Long, Pet> next = new TreeMap<>(snapshot.byId);
        next.put(pet.id(), pet);
        snapshot = snapshot(next);
        return true;
    }

    /** Removes and returns the pet with {@code id}. */
    public synchronized Optional<Pet> remove(long id) {
        Pet pet = snapshot.byId.get(id);
        if (pet != null) {
            TreeMap<Long, Pet> next = new TreeMap<>(snapshot.byId);
            next.remove(id);
            snapshot = snapshot(next);
        }
        return Optional.ofNullable(pet);
    }

    public byte[] toJson(Object value) {
        try {
            return json.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value, e);
        }
    }

    private Snapshot snapshot(TreeMap<Long, Pet> byId) {
        List<Pet> list = Collections.unmodifiableList(new ArrayList<>(byId.values()));
        byte[] bytes = toJson(list);
        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        return new Snapshot(Collections.unmodifiableSortedMap(byId), list, direct.asReadOnlyBuffer());
    }

    private record Snapshot(java.util.SortedMap<Long, Pet> byId, List<Pet> list, ByteBuffer listJson) {
    }
}
