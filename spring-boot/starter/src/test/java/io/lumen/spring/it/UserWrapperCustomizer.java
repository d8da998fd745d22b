package io.lumen.spring.it;

import io.undertow.server.HttpHandler;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.util.HttpString;
import org.springframework.boot.web.embedded.undertow.UndertowDeploymentInfoCustomizer;
import org.springframework.stereotype.Component;

import java.util.concurrent.atomic.AtomicInteger;

/** An application's own deployment customizer (Boot 3.5: Spring's Undertow one): must still be applied next to Lumen's; the shared StarterTest checks it. */
@Component
public class UserWrapperCustomizer implements UndertowDeploymentInfoCustomizer {
    static final HttpString HEADER = new HttpString("X-User-Wrapper");
    final AtomicInteger applied = new AtomicInteger();

    @Override
    public void customize(DeploymentInfo deploymentInfo) {
        applied.incrementAndGet();
        deploymentInfo.addInitialHandlerChainWrapper(next -> (HttpHandler) exchange -> {
            exchange.getResponseHeaders().put(HEADER, "yes");
            next.handleRequest(exchange);
        });
    }
}
