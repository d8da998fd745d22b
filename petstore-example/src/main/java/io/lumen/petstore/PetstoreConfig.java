package io.lumen.petstore;

import java.util.Locale;

/**
 * {@code petstore.yml}: where the petstore keeps its pets. The jar ships one (classpath
 * {@code config/petstore.yml}: in memory unless {@code PETSTORE_STORE=jdbc}); without any file: in memory.
 *
 * @param store      {@code memory} (the default: the two reference pets, lost at exit) or
 *                   {@code jdbc} (a table in the database of {@code dataSource})
 * @param dataSource the pool of datasource.yml for {@code jdbc} (petstore)
 * @param capacity   the most pets kept in memory (100000); a database store is bounded by the database
 */
public record PetstoreConfig(String store, String dataSource, Integer capacity) {
    public PetstoreConfig {
        store = store == null || store.isBlank() ? "memory" : store.trim().toLowerCase(Locale.ROOT);
        if (!store.equals("memory") && !store.equals("jdbc")) {
            throw new IllegalArgumentException("store must be memory or jdbc, got '" + store + "'");
        }
        dataSource = dataSource == null || dataSource.isBlank() ? "petstore" : dataSource.trim();
        capacity = capacity == null ? InMemoryPetStore.DEFAULT_CAPACITY : capacity;
        if (capacity < 2) {
            throw new IllegalArgumentException("capacity must hold at least the two reference pets, got " + capacity);
        }
    }

    public boolean jdbc() {
        return store.equals("jdbc");
    }
}
