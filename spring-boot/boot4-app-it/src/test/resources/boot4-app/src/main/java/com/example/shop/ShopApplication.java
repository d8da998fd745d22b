package com.example.shop;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.util.Map;

/** A shop with two endpoints; the controller imports jakarta.servlet, which the starter brings once Tomcat is excluded. */
@SpringBootApplication
@RestController
public class ShopApplication {
    public static void main(String[] args) {
        SpringApplication.run(ShopApplication.class, args);
    }

    @GetMapping("/api/items/{id}")
    Map<String, Object> item(@PathVariable long id, HttpServletRequest request) {
        return Map.of("id", id, "name", "item " + id, "servlet", request.getServletContext().getServerInfo());
    }

    @PostMapping("/api/items")
    Map<String, Object> create(@RequestBody Map<String, Object> item) {
        return Map.of("created", item.get("name"));
    }
}
