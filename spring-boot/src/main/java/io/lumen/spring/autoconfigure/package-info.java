/**
 * The auto-configuration of lumen-spring-boot-starter (registered in
 * {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}) and its
 * {@code lumen.*} properties.
 */
package io.lumen.spring.autoconfigure;
