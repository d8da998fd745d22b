package io.lumen.example.spring;

import org.springframework.stereotype.Repository;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

/** The in-memory pets, in id order, at most {@value #CAPACITY} of them. Thread-safe. */
@Repository
public class PetRepository {
    static final int CAPACITY = 100_000;
    private final ConcurrentSkipListMap<Long, Pet> pets = new ConcurrentSkipListMap<>();

    public PetRepository() {
        pets.put(1L, new Pet(1, "catten", "cat"));
        pets.put(2L, new Pet(2, "doggy", "dog"));
    }

    public List<Pet> list(int limit) {
        List<Pet> out = new ArrayList<>();
        for (Pet p : pets.values()) {
            if (out.size() >= limit) {
                break;
            }
            out.add(p);
        }
        return out;
    }

    public Optional<Pet> find(long id) {
        return Optional.ofNullable(pets.get(id));
    }

    /** False when the id exists or the store is full. */
    public boolean add(Pet pet) {
        return pets.size() < CAPACITY && pets.putIfAbsent(pet.id(), pet) == null;
    }

    public boolean remove(long id) {
        return pets.remove(id) != null;
    }
}
