/**
 * Lumen's default Logback setup, used when Logback is on the classpath and no logback.xml is
 * given: see {@link io.lumen.logging.LumenLogbackConfigurator}. Runs once, at the first
 * logger lookup.
 */
package io.lumen.logging;
