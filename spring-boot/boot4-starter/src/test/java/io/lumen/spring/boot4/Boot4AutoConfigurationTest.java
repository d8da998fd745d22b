package io.lumen.spring.boot4;

import io.lumen.config.ConfigException;
import io.lumen.spring.embed.LumenEmbedding;
import io.lumen.spring.embed.LumenHandlerWrapper;
import io.lumen.spring.embed.SpringHandoff;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.servlet.ServletWebServerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Boot 4: the server is Lumen's in a servlet application, Lumen's routes run unless turned off, and when it backs off. */
@ExtendWith(OutputCaptureExtension.class)
class Boot4AutoConfigurationTest {
    private static final AutoConfigurations LUMEN = AutoConfigurations.of(LumenWebServerAutoConfiguration.class,
            LumenBoot4AutoConfiguration.class, LumenBoot4ActuatorAutoConfiguration.class,
            LumenBoot4InactiveAutoConfiguration.class);
    private final WebApplicationContextRunner web = new WebApplicationContextRunner().withConfiguration(LUMEN);

    @Test
    void aServletApplicationRunsOnLumensServerWithLumensRoutesInFront() {
        web.run(context -> {
            assertThat(context).hasSingleBean(LumenEmbedding.class).hasSingleBean(LumenHandlerWrapper.class);
            assertThat(context.getBeansOfType(ServletWebServerFactory.class)).hasSize(1)
                    .allSatisfy((name, factory) -> assertThat(factory).isInstanceOf(LumenServletWebServerFactory.class));
        });
    }

    @Test
    void springsServerPropertiesReachTheFactory() {
        web.withPropertyValues("server.port=12345", "server.servlet.context-path=/shop", "server.shutdown=immediate")
                .run(context -> {
                    LumenServletWebServerFactory factory = context.getBean(LumenServletWebServerFactory.class);
                    assertThat(factory.getPort()).isEqualTo(12345);
                    assertThat(factory.getContextPath()).isEqualTo("/shop");
                });
    }

    @Test
    void lumenEnabledFalseKeepsLumensServerWithNothingInFront(CapturedOutput output) {
        web.withPropertyValues("lumen.enabled=false").run(context -> {
            assertThat(context).hasSingleBean(LumenServletWebServerFactory.class)
                    .doesNotHaveBean(LumenEmbedding.class).doesNotHaveBean(LumenHandlerWrapper.class);
        });
        assertThat(output).doesNotContain("NOT active");
    }

    @Test
    void nonWebApplicationGetsNothing() {
        new ApplicationContextRunner().withConfiguration(LUMEN)
                .run(context -> assertThat(context).doesNotHaveBean(LumenEmbedding.class)
                        .doesNotHaveBean(LumenServletWebServerFactory.class));
    }

    @Test
    void aReactiveApplicationGetsNothing() {
        new ReactiveWebApplicationContextRunner().withConfiguration(LUMEN)
                .run(context -> assertThat(context).doesNotHaveBean(LumenEmbedding.class)
                        .doesNotHaveBean(LumenServletWebServerFactory.class));
    }

    @Test
    void withoutUndertowOnTheClasspathItBacksOffAndWarns(CapturedOutput output) {
        web.withClassLoader(new FilteredClassLoader("io.undertow"))
                .run(context -> assertThat(context).doesNotHaveBean(LumenEmbedding.class)
                        .doesNotHaveBean(LumenServletWebServerFactory.class));
        assertThat(output).contains("Lumen's handler.yml routes are NOT active");
    }

    @Test
    void anApplicationsOwnServerFactoryWinsAndLumenWarns(CapturedOutput output) {
        web.withUserConfiguration(OtherServer.class).run(context -> {
            assertThat(context).doesNotHaveBean(LumenServletWebServerFactory.class).doesNotHaveBean(LumenEmbedding.class);
            assertThat(context.getBeansOfType(ServletWebServerFactory.class)).containsOnlyKeys("otherServer");
        });
        assertThat(output).contains("Lumen's handler.yml routes are NOT active").contains("lumen-spring-boot4-starter");
    }

    @Test
    void applicationBeansReplaceLumens() {
        web.withUserConfiguration(OwnHandoff.class).run(context ->
                assertThat(context.getBean(SpringHandoff.class)).isSameAs(context.getBean(OwnHandoff.class).handoff));
    }

    @Test
    void deploymentCustomizerBeansReachTheFactory() {
        web.withUserConfiguration(OwnCustomizer.class).run(context ->
                assertThat(context.getBean(LumenServletWebServerFactory.class).getDeploymentInfoCustomizers())
                        .containsExactlyInAnyOrderElementsOf(
                                context.getBeansOfType(LumenDeploymentInfoCustomizer.class).values()) // Lumen's own too
                        .contains(context.getBean("ownCustomizer", LumenDeploymentInfoCustomizer.class)));
    }

    @Test
    void configErrorsFailStartupWithFileLineAndKey() throws Exception {
        String dir = Path.of(getClass().getResource("/lumen-broken").toURI()).toString();
        web.withPropertyValues("lumen.config-dir=" + dir).run(context ->
                assertThat(context.getStartupFailure()).isInstanceOf(ConfigException.class)
                        .hasMessageContaining("handler.yml:3").hasMessageContaining("noSuchHandler"));
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
    static class OwnHandoff {
        final SpringHandoff handoff = new SpringHandoff();

        @Bean
        SpringHandoff myHandoff() {
            return handoff;
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnCustomizer {
        @Bean
        LumenDeploymentInfoCustomizer ownCustomizer() {
            return deployment -> deployment.setDisplayName("own");
        }
    }
}
