package io.lumen.spring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.config.ConfigException;
import io.lumen.spring.autoconfigure.LumenActuatorAutoConfiguration;
import io.lumen.spring.autoconfigure.LumenAutoConfiguration;
import io.lumen.spring.autoconfigure.LumenConfigFailureAnalyzer;
import io.lumen.spring.autoconfigure.LumenDeploymentCustomizer;
import io.lumen.spring.autoconfigure.LumenInactiveAutoConfiguration;
import io.lumen.spring.embed.LumenEmbedding;
import io.lumen.spring.embed.SpringHandoff;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.web.servlet.ServletWebServerFactoryAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.embedded.undertow.UndertowServletWebServerFactory;
import org.springframework.boot.web.servlet.server.ServletWebServerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** When the auto-configuration applies, and that it never takes over the web server factory. */
@ExtendWith(OutputCaptureExtension.class)
class AutoConfigurationTest {
    private final WebApplicationContextRunner web = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(ServletWebServerFactoryAutoConfiguration.class,
                    LumenAutoConfiguration.class, LumenActuatorAutoConfiguration.class, LumenInactiveAutoConfiguration.class));

    @Test
    void servletAppOnUndertowGetsLumenThroughBootsOwnFactory() {
        web.run(context -> {
            assertThat(context).hasSingleBean(LumenEmbedding.class).hasSingleBean(LumenDeploymentCustomizer.class);
            UndertowServletWebServerFactory factory = context.getBean(UndertowServletWebServerFactory.class);
            assertThat(factory.getDeploymentInfoCustomizers())
                    .containsOnlyOnce(context.getBean(LumenDeploymentCustomizer.class));
            assertThat(context.getBeansOfType(ServletWebServerFactory.class)).hasSize(1); // Boot's, not one of Lumen's
        });
    }

    @Test
    void lumenEnabledFalseTurnsItOff() {
        web.withPropertyValues("lumen.enabled=false").run(context -> {
            assertThat(context).doesNotHaveBean(LumenEmbedding.class).doesNotHaveBean(LumenDeploymentCustomizer.class);
            assertThat(context.getBean(UndertowServletWebServerFactory.class).getDeploymentInfoCustomizers()).isEmpty();
        });
    }

    @Test
    void nonWebApplicationGetsNothing() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(LumenAutoConfiguration.class, LumenActuatorAutoConfiguration.class))
                .run(context -> assertThat(context).doesNotHaveBean(LumenEmbedding.class));
    }

    @Test
    void withoutUndertowOnTheClasspathItBacksOffAndWarns(CapturedOutput output) {
        web.withClassLoader(new FilteredClassLoader("io.undertow"))
                .run(context -> assertThat(context).doesNotHaveBean(LumenEmbedding.class));
        assertThat(output).contains("Lumen's handler.yml routes are NOT active");
    }

    @Test
    void onAnotherServerSuchAsTomcatItBacksOffAndWarns(CapturedOutput output) {
        web.withUserConfiguration(OtherServer.class)
                .run(context -> assertThat(context).doesNotHaveBean(LumenEmbedding.class)
                        .doesNotHaveBean(UndertowServletWebServerFactory.class));
        assertThat(output).contains("Lumen's handler.yml routes are NOT active");
    }

    @Test
    void onUndertowOrDisabledThereIsNoWarning(CapturedOutput output) {
        web.run(context -> assertThat(context).hasSingleBean(LumenEmbedding.class));
        web.withPropertyValues("lumen.enabled=false").withUserConfiguration(OtherServer.class).run(context -> { });
        assertThat(output).doesNotContain("NOT active");
    }

    @Test
    void anApplicationsOwnUndertowFactoryGetsLumenToo() {
        web.withUserConfiguration(OwnUndertowFactory.class).run(context -> {
            UndertowServletWebServerFactory factory = context.getBean(UndertowServletWebServerFactory.class);
            assertThat(factory.getPort()).isEqualTo(12345); // the application's factory, untouched otherwise
            assertThat(factory.getDeploymentInfoCustomizers())
                    .containsOnlyOnce(context.getBean(LumenDeploymentCustomizer.class));
        });
    }

    @Test
    void applicationBeansReplaceLumens() {
        web.withUserConfiguration(OwnHandoff.class).run(context -> {
            assertThat(context).hasSingleBean(SpringHandoff.class);
            assertThat(context.getBean(SpringHandoff.class)).isSameAs(context.getBean(OwnHandoff.class).handoff);
        });
    }

    @Test
    void configErrorsFailStartupWithFileLineAndKey() throws Exception {
        String dir = Path.of(getClass().getResource("/lumen-broken").toURI()).toString();
        web.withPropertyValues("lumen.config-dir=" + dir).run(context -> {
            assertThat(context).hasFailed();
            Throwable failure = context.getStartupFailure();
            assertThat(failure).isInstanceOf(ConfigException.class)
                    .hasMessageContaining("handler.yml:3").hasMessageContaining("noSuchHandler");
            FailureAnalysis analysis = new LumenConfigFailureAnalyzer().analyze(failure);
            assertThat(analysis.getDescription()).contains("handler.yml:3");
        });
    }

    @Test
    void aConfigDirThatDoesNotExistIsAStartupError() {
        web.withPropertyValues("lumen.config-dir=/no/such/dir").run(context ->
                assertThat(context.getStartupFailure()).hasMessageContaining("lumen.config-dir")
                        .hasMessageContaining("is not a directory"));
    }

    @Test
    void configurationMetadataDescribesEveryLumenProperty() throws Exception {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("META-INF/spring-configuration-metadata.json")) {
            JsonNode metadata = new ObjectMapper().readTree(in);
            Map<String, JsonNode> byName = new HashMap<>();
            metadata.get("properties").forEach(p -> byName.put(p.get("name").asText(), p));
            assertThat(byName).containsKeys("lumen.enabled", "lumen.config-dir", "lumen.unmatched");
            assertThat(byName.get("lumen.enabled").get("defaultValue").asBoolean()).isTrue();
            assertThat(byName.get("lumen.config-dir").get("description").asText()).contains("handler.yml");
            assertThat(byName.get("lumen.unmatched").get("type").asText()).endsWith("Unmatched");
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OtherServer {
        @Bean
        ServletWebServerFactory otherServer() {
            return initializers -> {
                throw new UnsupportedOperationException("not started in this test");
            };
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnUndertowFactory {
        @Bean
        UndertowServletWebServerFactory ownFactory() {
            return new UndertowServletWebServerFactory(12345);
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnHandoff {
        final SpringHandoff handoff = new SpringHandoff();

        @Bean
        SpringHandoff myHandoff() {
            return handoff;
        }
    }
}
