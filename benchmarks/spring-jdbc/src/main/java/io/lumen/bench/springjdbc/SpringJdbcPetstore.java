package io.lumen.bench.springjdbc;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Map;

/**
 * The petstore's two benchmarked operations the way a typical Spring Boot service writes them:
 * a controller on JdbcTemplate over Boot's HikariCP pool, the statements of Lumen's JdbcPetStore,
 * 201 for a new pet, 404 and 409 as small JSON bodies.
 */
@SpringBootApplication
public class SpringJdbcPetstore {
    public static void main(String[] args) {
        SpringApplication.run(SpringJdbcPetstore.class, args);
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Pet(Long id, String name, String tag) {
    }

    @RestController
    static class Pets {
        private final JdbcTemplate jdbc;

        Pets(JdbcTemplate jdbc) {
            this.jdbc = jdbc;
        }

        @GetMapping("/v1/pets/{petId}")
        ResponseEntity<Object> show(@PathVariable long petId) {
            List<Pet> pets = jdbc.query("SELECT name, tag FROM pets WHERE id = ?",
                    (rs, n) -> new Pet(petId, rs.getString(1), rs.getString(2)), petId);
            if (pets.isEmpty()) {
                return ResponseEntity.status(HttpStatus.NOT_FOUND)
                        .body(Map.of("code", "ERR20001", "message", "Pet " + petId + " not found"));
            }
            return ResponseEntity.ok(pets.get(0));
        }

        @PostMapping("/v1/pets")
        ResponseEntity<Object> create(@RequestBody Pet pet) {
            if (pet.id() == null || pet.name() == null) {
                return ResponseEntity.badRequest().body(Map.of("code", "ERR20003", "message", "id and name are required"));
            }
            try {
                jdbc.update("INSERT INTO pets (id, name, tag) VALUES (?, ?, ?)", pet.id(), pet.name(), pet.tag());
            } catch (DuplicateKeyException e) {
                return ResponseEntity.status(HttpStatus.CONFLICT)
                        .body(Map.of("code", "ERR20002", "message", "A pet with id " + pet.id() + " already exists"));
            }
            return ResponseEntity.status(HttpStatus.CREATED).body(pet);
        }
    }
}
