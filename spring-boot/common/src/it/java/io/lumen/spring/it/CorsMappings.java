package io.lumen.spring.it;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.CorsRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** The application's global CORS mappings, as Spring applications declare them. */
@Configuration(proxyBeanMethods = false)
public class CorsMappings implements WebMvcConfigurer {
    static final String ORIGIN = "https://app.example";

    @Override
    public void addCorsMappings(CorsRegistry registry) {
        registry.addMapping("/mapped/**").allowedOrigins(ORIGIN).allowCredentials(true).exposedHeaders("X-Trace");
    }
}
