package io.lumen.spring.it;

import org.springframework.stereotype.Service;

/** A dependency the bean handlers get injected. */
@Service
public class GreetingService {
    private final String greeting;

    public GreetingService(org.springframework.core.env.Environment env) {
        this.greeting = env.getProperty("test.greeting", "hello");
    }

    public String greet(String who) {
        return greeting + ", " + who;
    }
}
