package io.lumen.example.spring;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code /spring-boot}: the same answer as {@code /light-4j}, from a controller. */
@RestController
public class HelloController {
    @GetMapping(value = "/spring-boot", produces = "text/plain")
    public String hello() {
        return "Hello World";
    }
}
