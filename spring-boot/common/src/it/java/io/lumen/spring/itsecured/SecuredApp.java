package io.lumen.spring.itsecured;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.util.Map;

/**
 * An API behind Spring Security's HTTP Basic (user {@code user}, password {@code secret}); {@code /open/**} is public
 * and {@code /jwt/**} is left to Lumen's {@code security} (its JWT) in the route's chain.
 */
@SpringBootApplication(proxyBeanMethods = false)
@RestController
public class SecuredApp {
    public static final String USER = "user";
    public static final String PASSWORD = "secret";

    @Bean
    SecurityFilterChain api(HttpSecurity http) throws Exception {
        http.authorizeHttpRequests(a -> a.requestMatchers("/open/**", "/jwt/**").permitAll().anyRequest().authenticated())
                .httpBasic(Customizer.withDefaults())
                .csrf(c -> c.disable());
        return http.build();
    }

    @Bean
    UserDetailsService users() {
        return new InMemoryUserDetailsManager(User.withUsername(USER).password("{noop}" + PASSWORD).roles("USER").build());
    }

    @PostMapping({"/api/orders", "/open/orders", "/jwt/orders"})
    Map<String, Object> order(@RequestBody Map<String, Object> order) {
        return Map.of("ordered", order.get("item"));
    }

    @GetMapping("/api/orders/{id}")
    Map<String, Object> show(@PathVariable long id) {
        return Map.of("id", id);
    }

    @GetMapping("/api/hidden")
    String hidden() {
        return "hidden";
    }
}
