/**
 * The test kit's core, free of any Lumen module so every module's tests can use it (core and
 * handler included): {@link io.lumen.testkit.core.Await} waits for conditions instead of sleeping,
 * {@link io.lumen.testkit.core.Pace} names the deliberate delays that are a test's subject,
 * {@link io.lumen.testkit.core.ConfigFiles} writes a test's config folder and
 * {@link io.lumen.testkit.core.TestHttp} is the JDK HTTP client bound to a base URI, and
 * {@link io.lumen.testkit.core.PerClass} starts something once per test class and closes it.
 */
package io.lumen.testkit.core;
