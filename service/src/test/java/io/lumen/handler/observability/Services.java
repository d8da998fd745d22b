package io.lumen.handler.observability;

import io.lumen.handler.testing.TestService;

import java.nio.file.Path;

/**
 * A {@link TestService} whose server.yml takes its serviceId, environment and keystorePass from
 * values a test may set (the info endpoint shows and masks them); ports are free ones anyway.
 */
public final class Services {
    public static final String SERVER_YML = """
            ip: 127.0.0.1
            enableHttps: false
            shutdownGracefulPeriod: ${server.shutdownGracefulPeriod:2000}
            serviceId: ${server.serviceId:lumen-service}
            environment: ${server.environment:dev}
            keystorePass: ${server.keystorePass:}
            """;

    private Services() {
    }

    public static TestService in(Path dir) {
        return TestService.in(dir).file("server.yml", SERVER_YML);
    }
}
