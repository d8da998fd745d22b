/**
 * Actuator and Micrometer integration: the {@code lumen} endpoint (routes and their chains), Lumen's
 * health contribution, and the observation predicate that keeps a request from being counted by
 * both Lumen's metrics middleware and Spring's request observation. Active only with
 * spring-boot-actuator (and Micrometer's observation API) on the classpath.
 */
package io.lumen.spring.actuate;
