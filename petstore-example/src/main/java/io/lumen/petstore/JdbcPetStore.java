package io.lumen.petstore;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.datasource.JdbcPool;
import io.lumen.petstore.model.Pet;
import io.lumen.status.ErrorResponder;

import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The pets in a database table, {@code pets(id BIGINT PRIMARY KEY, name, tag)}, created by the
 * migrations in {@code db/petstore} (which also add the two reference pets). One statement per
 * call on a pooled connection, in standard SQL that PostgreSQL and H2 both take. Calls block:
 * they run on virtual threads (Java 21+) or the worker pool. A taken id is {@link Added#EXISTS}
 * (the primary key refuses it, SQLState 23505); a value the database cannot store (a NUL
 * character in PostgreSQL) is 400 {@code ERR20003}; a busy pool or an unreachable database is 503
 * and anything else 500, as {@link JdbcPool#failure} sorts them. Thread-safe.
 */
public final class JdbcPetStore implements PetStore {
    private static final String LIST = "SELECT id, name, tag FROM pets ORDER BY id LIMIT ?";
    private static final String FIND = "SELECT name, tag FROM pets WHERE id = ?";
    private static final String INSERT = "INSERT INTO pets (id, name, tag) VALUES (?, ?, ?)";
    private static final String LOCK = "SELECT name, tag FROM pets WHERE id = ? FOR UPDATE";
    private static final String DELETE = "DELETE FROM pets WHERE id = ?";
    private static final String UNIQUE_VIOLATION = "23505";
    private static final String DATA_EXCEPTION_CLASS = "22";

    private final JdbcPool pool;
    private final ObjectMapper json;
    private final ErrorResponder errors;

    public JdbcPetStore(JdbcPool pool, ObjectMapper json, ErrorResponder errors) {
        this.pool = pool;
        this.json = json;
        this.errors = errors;
    }

    @Override
    public List<Pet> list(int limit) {
        int n = Math.max(0, Math.min(limit, PAGE));
        try (Connection c = pool.dataSource().getConnection(); PreparedStatement s = c.prepareStatement(LIST)) {
            s.setInt(1, n);
            try (ResultSet r = s.executeQuery()) {
                List<Pet> pets = new ArrayList<>(Math.min(n, 16));
                while (r.next()) {
                    pets.add(new Pet(r.getLong(1), r.getString(2), r.getString(3)));
                }
                return pets;
            }
        } catch (SQLException e) {
            throw pool.failure(e);
        }
    }

    @Override
    public ByteBuffer listJson(int limit) {
        try {
            return ByteBuffer.wrap(json.writeValueAsBytes(list(limit)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode the pets", e);
        }
    }

    /** The rows themselves: a database listing is read afresh every time, so there is nothing to pre-encode. */
    @Override
    public List<Pet> listPage(int limit) {
        return list(limit);
    }

    @Override
    public Optional<Pet> find(long id) {
        try (Connection c = pool.dataSource().getConnection(); PreparedStatement s = c.prepareStatement(FIND)) {
            s.setLong(1, id);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? Optional.of(new Pet(id, r.getString(1), r.getString(2))) : Optional.empty();
            }
        } catch (SQLException e) {
            throw pool.failure(e);
        }
    }

    @Override
    public Added add(Pet pet) {
        try (Connection c = pool.dataSource().getConnection(); PreparedStatement s = c.prepareStatement(INSERT)) {
            s.setLong(1, pet.id());
            s.setString(2, pet.name());
            s.setString(3, pet.tag());
            s.executeUpdate();
            return Added.ADDED;
        } catch (SQLException e) {
            String state = e.getSQLState();
            if (UNIQUE_VIOLATION.equals(state)) {
                return Added.EXISTS;
            }
            if (state != null && state.startsWith(DATA_EXCEPTION_CLASS)) {
                throw errors.exception(PetstoreCodes.INVALID_PET, "the database cannot store its name or tag");
            }
            throw pool.failure(e);
        }
    }

    /** Reads and deletes the pet in one transaction, so the answer is the row that was deleted. */
    @Override
    public Optional<Pet> remove(long id) {
        try (Connection c = pool.dataSource().getConnection()) {
            c.setAutoCommit(false); // the pool restores auto-commit when the connection comes back
            try (PreparedStatement lock = c.prepareStatement(LOCK); PreparedStatement delete = c.prepareStatement(DELETE)) {
                lock.setLong(1, id);
                Pet pet;
                try (ResultSet r = lock.executeQuery()) {
                    if (!r.next()) {
                        c.rollback();
                        return Optional.empty();
                    }
                    pet = new Pet(id, r.getString(1), r.getString(2));
                }
                delete.setLong(1, id);
                delete.executeUpdate();
                c.commit();
                return Optional.of(pet);
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw pool.failure(e);
        }
    }

    @Override
    public int capacity() {
        return Integer.MAX_VALUE;
    }

    @Override
    public boolean blocking() {
        return true;
    }

    @Override
    public String toString() {
        return "JdbcPetStore[" + pool.name() + "]";
    }
}
