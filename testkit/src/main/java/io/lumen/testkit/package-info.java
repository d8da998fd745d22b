/**
 * Lumen's test kit: {@link io.lumen.testkit.LumenTest} / {@link io.lumen.testkit.LumenServiceExtension}
 * start a service from a config folder on free ports for a test class and hand the tests its
 * {@link io.lumen.service.LumenService} or base {@link java.net.URI}.
 */
package io.lumen.testkit;
