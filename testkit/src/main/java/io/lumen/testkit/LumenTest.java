package io.lumen.testkit;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Starts one Lumen service for the annotated test class, from {@link #config()} folders (first
 * wins, then the test classpath's {@code config/}), with the HTTP and HTTPS ports set to 0 (free
 * ports). Test methods and constructors may declare a {@link io.lumen.service.LumenService}, a
 * {@link java.net.URI} parameter (the HTTP base URI, or HTTPS when HTTP is off) or a
 * {@link io.lumen.testkit.core.TestHttp} (the JDK client bound to that URI).
 *
 * <pre>{@code
 * @LumenTest(config = "../config/petstore/http")
 * class PetsTest {
 *     @Test void lists(URI base) { ... }
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(LumenServiceExtension.class)
public @interface LumenTest {
    /** Config folders, relative to the working directory (the module folder under Maven). */
    String[] config() default {};

    /** Value overrides as {@code key=value} (e.g. {@code server.enableHttps=true}); they beat env and values.yml. */
    String[] values() default {};
}
