package io.lumen.spring.it;

import org.springframework.stereotype.Component;

import java.util.concurrent.CountDownLatch;

/** Holds a request in SlowHandler until released: for the graceful-drain test. One per context. */
@Component
public class SlowGate {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
}
