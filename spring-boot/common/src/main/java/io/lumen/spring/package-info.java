/**
 * What a Spring application sees of Lumen: {@link io.lumen.spring.LumenRequest} (the data Lumen's
 * chain learned about a request, for controllers) and {@link io.lumen.spring.LumenRoute}. The
 * integration itself is in {@code io.lumen.spring.embed} (the Undertow root, the {@code spring}
 * terminal, Lumen's assembly inside the application context), {@code .web} (request attributes and
 * the argument resolver), {@code .actuate} (the {@code lumen} endpoint, health, observation) and
 * {@code .autoconfigure} (the auto-configuration and {@code lumen.*} properties).
 */
package io.lumen.spring;
