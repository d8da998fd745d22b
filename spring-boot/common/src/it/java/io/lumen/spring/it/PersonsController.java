package io.lumen.spring.it;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Map;

/** The endpoint of springdoc's demo-person-service spec excerpt (lumen-servletpath): persons by last name. */
@RestController
public class PersonsController {

    @GetMapping("/persons")
    public List<Map<String, Object>> byLastName(@RequestParam String lastName) {
        return List.of(Map.of("id", 1, "firstName", "Somefirstname", "lastName", lastName));
    }
}
