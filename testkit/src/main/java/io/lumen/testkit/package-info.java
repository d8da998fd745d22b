/**
 * Lumen's test kit: {@link io.lumen.testkit.LumenTest} / {@link io.lumen.testkit.LumenServiceExtension}
 * start a service from a config folder on free ports for a test class and hand the tests its
 * {@link io.lumen.service.LumenService}, base {@link java.net.URI} or a
 * {@link io.lumen.testkit.core.TestHttp} client; {@link io.lumen.testkit.TestService} starts one a
 * test builds in code (config files written into a temp folder). Waiting and the rest that needs no
 * running service live in the kit's core, {@code io.lumen.testkit.core} (lumen-testkit-core).
 */
package io.lumen.testkit;
