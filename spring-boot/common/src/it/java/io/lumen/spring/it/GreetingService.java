package io.lumen.spring.it;

import org.springframework.core.env.Environment;
import org.springframework.stereotype.Service;

/** A dependency the bean handlers get injected. */
@Service
public class GreetingService {
    private final String greeting;

    public GreetingService(Environment env) {
        this.greeting = env.getProperty("test.greeting", "hello");
    }

    public String greet(String who) {
        return greeting + ", " + who;
    }
}
