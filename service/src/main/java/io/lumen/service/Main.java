package io.lumen.service;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The generic entry point of a Lumen fat jar: {@code java -Dlight-4j-config-dir=<dir> -jar service.jar}.
 * Config errors print one line ({@code file:line: key: problem}) and exit 1; SIGTERM or SIGINT
 * drains in-flight requests, runs shutdown hooks and exits 0.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        long started = System.nanoTime();
        ConfigLoader config = ConfigLoader.fromSystem();
        // Before the first logger: setting up logging takes a tenth of a start, and the files parse meanwhile.
        StartupWarmer.start(config);
        Logger log = LoggerFactory.getLogger(Main.class);
        LumenService service;
        try {
            service = LumenService.start(config);
        } catch (ConfigException e) {
            System.err.println("lumen: config error: " + e.getMessage());
            log.debug("config error", e);
            System.exit(1);
            return;
        } catch (RuntimeException | LinkageError e) {
            System.err.println("lumen: startup failed: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            log.debug("startup failure", e);
            System.exit(1);
            return;
        }
        log.info("started in {} ms", (System.nanoTime() - started) / 1_000_000);
        ShutdownSignals.install(service::stop);
    }
}
