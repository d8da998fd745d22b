package io.lumen.spring.it;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application of the integration tests: controllers, bean handlers, a user customizer. */
@SpringBootApplication(proxyBeanMethods = false)
public class TestApp {
}
