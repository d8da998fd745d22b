package io.lumen.spring.autoconfigure;

import io.lumen.config.ConfigException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** A Lumen config error at startup reads as Spring's other startup failures: the one line, and what to do. */
public class LumenConfigFailureAnalyzer extends AbstractFailureAnalyzer<ConfigException> {
    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, ConfigException cause) {
        return new FailureAnalysis("Lumen could not start: " + cause.getMessage(),
                "Fix the file and line named above (Lumen's config dir is lumen.config-dir, else -Dlight-4j-config-dir, "
                        + "else the classpath folder config/), or set lumen.enabled=false.", cause);
    }
}
