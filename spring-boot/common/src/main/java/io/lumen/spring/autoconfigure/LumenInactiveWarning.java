package io.lumen.spring.autoconfigure;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Says so when a starter is on the classpath of a web application where it cannot run: handler.yml's
 * chains (JWT, validation) then protect nothing, which nobody should learn from an incident. One
 * warning at startup; {@code lumen.enabled=false} silences it. Each starter says what it needs.
 */
public final class LumenInactiveWarning implements SmartInitializingSingleton {
    private static final Logger LOG = LoggerFactory.getLogger(LumenInactiveWarning.class);
    private final String needs;

    public LumenInactiveWarning(String needs) {
        this.needs = needs;
    }

    @Override
    public void afterSingletonsInstantiated() {
        LOG.warn("Lumen's handler.yml routes are NOT active: {} Set lumen.enabled=false if that is intended.", needs);
    }
}
