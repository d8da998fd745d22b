package io.lumen.petstore;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.petstore.model.Pet;
import io.lumen.rest.PreEncodedJson;

import java.nio.ByteBuffer;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The in-memory pet store, the default (petstore.yml {@code store: memory}) and the benchmark
 * reference of {@code config/petstore/http}.
 * Pets are kept in id order; adds and removes cost O(log n). A listing is one page of at most
 * {@link #PAGE} pets (the spec's {@code limit} maximum); the JSON of the first page is encoded once
 * into a read-only direct buffer and re-encoded lazily after a change, so listing pets sends ready
 * bytes: {@link #listJson} to the hand-written handler, {@link #listPage} (the same page as a
 * {@link PreEncodedJson} list) to the generated adapter. The store holds at most {@code capacity}
 * pets. Thread-safe.
 */
public final class InMemoryPetStore implements PetStore {
    /** Default capacity: enough for any demo or test, bounded so a POST loop cannot exhaust the heap. */
    public static final int DEFAULT_CAPACITY = 100_000;

    private final ObjectMapper json;
    private final int capacity;
    private final ConcurrentSkipListMap<Long, Pet> pets = new ConcurrentSkipListMap<>();
    private final AtomicInteger size = new AtomicInteger();
    private final AtomicLong version = new AtomicLong(); // bumped after every change
    private volatile Page firstPage; // rebuilt by the first listing after a change

    public InMemoryPetStore(ObjectMapper json) {
        this(json, DEFAULT_CAPACITY);
    }

    public InMemoryPetStore(ObjectMapper json, int capacity) {
        this.json = json;
        this.capacity = capacity;
        add(new Pet(1L, "catten", "cat"));
        add(new Pet(2L, "doggy", "dog"));
    }

    @Override
    public List<Pet> list(int limit) {
        int n = Math.min(limit, PAGE);
        List<Pet> out = new ArrayList<>(Math.min(n, size.get()));
        for (Pet p : pets.values()) {
            if (out.size() >= n) {
                break;
            }
            out.add(p);
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * The JSON of the first {@code limit} pets ({@code limit} capped at {@link #PAGE}): the cached
     * first page (a read-only direct buffer, duplicated) when it has no more than {@code limit}
     * pets, else freshly encoded.
     */
    @Override
    public ByteBuffer listJson(int limit) {
        Page p = page();
        if (limit >= p.size()) {
            return p.json.duplicate();
        }
        return ByteBuffer.wrap(toJson(list(limit)));
    }

    /**
     * The first {@code limit} pets for a typed response: the cached first page (which carries its
     * JSON, so it is not serialized again) when it has no more than {@code limit} pets, else a fresh
     * list.
     */
    @Override
    public List<Pet> listPage(int limit) {
        Page p = page();
        return limit >= p.size() ? p : list(limit);
    }

    /**
     * The cached first page if no change happened since it was built; else a new one. A page
     * carries the version read before the map was: a change racing with the build leaves it
     * behind the current version, so the next listing rebuilds it.
     */
    private Page page() {
        Page p = firstPage;
        long v = version.get();
        if (p == null || p.version != v) {
            List<Pet> first = list(PAGE);
            byte[] bytes = toJson(first);
            p = new Page(v, first, ByteBuffer.allocateDirect(bytes.length).put(bytes).flip().asReadOnlyBuffer());
            firstPage = p;
        }
        return p;
    }

    @Override
    public Optional<Pet> find(long id) {
        return Optional.ofNullable(pets.get(id));
    }

    /** Adds {@code pet} unless its id is taken or the store is full. */
    @Override
    public Added add(Pet pet) {
        if (size.incrementAndGet() > capacity) {
            size.decrementAndGet();
            return Added.FULL;
        }
        if (pets.putIfAbsent(pet.id(), pet) != null) {
            size.decrementAndGet();
            return Added.EXISTS;
        }
        version.incrementAndGet();
        return Added.ADDED;
    }

    /** Removes and returns the pet with {@code id}. */
    @Override
    public Optional<Pet> remove(long id) {
        Pet pet = pets.remove(id);
        if (pet != null) {
            size.decrementAndGet();
            version.incrementAndGet();
        }
        return Optional.ofNullable(pet);
    }

    public int size() {
        return size.get();
    }

    @Override
    public int capacity() {
        return capacity;
    }

    /** Memory only: the calls never block, so the handlers stay on the IO thread. */
    @Override
    public boolean blocking() {
        return false;
    }

    private byte[] toJson(Object value) {
        try {
            return json.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value, e);
        }
    }

    /** The first page: immutable pets with their JSON encoded once (sent as is by a typed response). */
    private static final class Page extends AbstractList<Pet> implements PreEncodedJson {
        private final long version;
        private final List<Pet> pets;
        private final ByteBuffer json;

        Page(long version, List<Pet> pets, ByteBuffer json) {
            this.version = version;
            this.pets = pets;
            this.json = json;
        }

        @Override
        public Pet get(int index) {
            return pets.get(index);
        }

        @Override
        public int size() {
            return pets.size();
        }

        @Override
        public ByteBuffer json() {
            return json.duplicate();
        }
    }
}
