package io.lumen.spring.it;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The application of the integration tests: controllers, bean handlers, a user customizer. Spring
 * Security is on the tests' class path for {@code SecuredApp}; this application leaves it out (Boot
 * 3.5's and Boot 4's names of its auto-configurations; a name the line does not have is ignored).
 */
@SpringBootApplication(proxyBeanMethods = false, excludeName = {
        "org.springframework.boot.autoconfigure.security.servlet.SecurityAutoConfiguration",
        "org.springframework.boot.autoconfigure.security.servlet.SecurityFilterAutoConfiguration",
        "org.springframework.boot.autoconfigure.security.servlet.UserDetailsServiceAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.security.servlet.ManagementWebSecurityAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration"})
public class TestApp {
}
