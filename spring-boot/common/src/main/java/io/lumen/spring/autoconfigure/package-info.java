/**
 * The {@code lumen.*} properties and the configuration both starters share
 * ({@link io.lumen.spring.autoconfigure.LumenEmbeddingConfiguration},
 * {@link io.lumen.spring.autoconfigure.LumenActuatorConfiguration}); each starter's auto-configuration
 * classes (registered in its
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}) are in this
 * package of the starter's jar.
 */
package io.lumen.spring.autoconfigure;
