package io.lumen.example.spring;

import io.lumen.spring.LumenRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Map;

/**
 * The petstore operations. Lumen's chain (handler.yml) has already checked the JWT and its scopes
 * and validated parameters and body against openapi.yaml when a request gets here under
 * {@code /v1}; {@code /spring-security/v1} is the same controller behind Spring Security's JWT
 * resource server, and {@code /bare/v1} the same controller with nothing in front, for the
 * benchmark's comparisons.
 */
@RestController
@RequestMapping({"/v1/pets", "/spring-security/v1/pets", "/bare/v1/pets"})
public class PetController {
    private static final Logger LOG = LoggerFactory.getLogger(PetController.class);
    private final PetRepository pets;

    public PetController(PetRepository pets) {
        this.pets = pets;
    }

    @GetMapping
    public List<Pet> list(@RequestParam(defaultValue = "100") int limit) {
        return pets.list(limit);
    }

    @PostMapping
    public ResponseEntity<Object> create(@RequestBody Pet pet, LumenRequest lumen) {
        if (!pets.add(pet)) {
            return ResponseEntity.status(HttpStatus.CONFLICT).body(Map.of("code", 409, "message", "pet " + pet.id() + " exists"));
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("pet {} created by client {} ({})", pet.id(), lumen.clientId(), lumen.correlationId());
        }
        return ResponseEntity.status(HttpStatus.CREATED).build();
    }

    @GetMapping("/{petId}")
    public ResponseEntity<Object> show(@PathVariable long petId) {
        return pets.find(petId).<ResponseEntity<Object>>map(ResponseEntity::ok).orElseGet(() -> notFound(petId));
    }

    @DeleteMapping("/{petId}")
    public ResponseEntity<Object> delete(@PathVariable long petId) {
        return pets.remove(petId) ? ResponseEntity.noContent().build() : notFound(petId);
    }

    /** The spec's Error schema. */
    private static ResponseEntity<Object> notFound(long petId) {
        return ResponseEntity.status(HttpStatus.NOT_FOUND).body(Map.of("code", 404, "message", "pet " + petId + " not found"));
    }
}
