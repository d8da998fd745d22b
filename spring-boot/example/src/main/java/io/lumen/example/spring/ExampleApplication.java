package io.lumen.example.spring;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The petstore as Spring controllers behind Lumen's chain (JWT, OpenAPI validation, audit,
 * metrics), {@code /light-4j} answered by a plain Lumen handler and {@code /spring-boot} by a
 * controller. Lumen comes from the starter dependency alone; its config is the classpath folder
 * {@code config/} (or {@code lumen.config-dir}).
 */
@SpringBootApplication(proxyBeanMethods = false)
public class ExampleApplication {
    public static void main(String[] args) {
        SpringApplication.run(ExampleApplication.class, args);
    }
}
