package io.lumen.spring.autoconfigure;

import io.lumen.spring.embed.LumenEmbedding;
import io.lumen.spring.embed.LumenHandlerWrapper;
import io.lumen.spring.embed.SpringHandoff;
import io.lumen.spring.web.BodyReadFailureResolver;
import io.lumen.spring.web.HeldRefusalFilter;
import io.lumen.spring.web.ProblemDetailsUse;
import io.lumen.spring.web.LumenRequestArgumentResolver;
import io.lumen.spring.web.LumenRequestFilter;
import io.lumen.spring.web.MultipartLimit;
import io.lumen.spring.web.SpringCors;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContext;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.handler.HandlerMappingIntrospector;

import java.util.List;

/**
 * The beans both starters define the same way: Lumen's service inside the context, the {@code spring}
 * terminal, the handler wrapper that puts the router in front of Spring's servlet handler, the request
 * filter and the controller-parameter resolver. A starter's auto-configuration extends this class and
 * adds how the wrapper reaches Undertow's deployment on its Boot line. Every bean can be replaced by the
 * application's own.
 */
@EnableConfigurationProperties(LumenProperties.class)
public abstract class LumenEmbeddingConfiguration {
    /** Spring Boot's default order of Spring Security's filter (SecurityProperties.DEFAULT_FILTER_ORDER on both lines). */
    private static final int SPRING_SECURITY_FILTER_ORDER = -100;

    /**
     * Whether the server in front is Spring's (Boot 3.5: core's root guards then go in front of
     * Lumen's router) rather than Lumen's own (Boot 4: they are already in front of everything).
     */
    protected abstract boolean serverIsSprings();

    /** The {@code spring} terminal of this context; its servlet handler is attached when Undertow deploys. */
    @Bean
    @ConditionalOnMissingBean
    public SpringHandoff lumenSpringHandoff() {
        return new SpringHandoff();
    }

    @Bean
    @ConditionalOnMissingBean
    public LumenEmbedding lumenEmbedding(LumenProperties properties, Environment environment,
                                         ConfigurableListableBeanFactory beans, SpringHandoff handoff,
                                         ObjectProvider<MeterRegistry> meters) {
        return new LumenEmbedding(new LumenEmbedding.Settings(properties.getConfigDir(),
                properties.getUnmatched() == LumenProperties.Unmatched.SPRING, serverIsSprings(),
                properties.isSpringSecurityFirst(), () -> problemDetails(properties.getProblemDetails(), environment, beans)),
                environment, beans, handoff, meters);
    }

    /** Why Lumen's refusals answer as problem details, or null for Lumen's error JSON. */
    private static String problemDetails(LumenProperties.ProblemDetails mode, Environment environment,
                                         ConfigurableListableBeanFactory beans) {
        return switch (mode) {
            case ALWAYS -> "lumen.problem-details=always";
            case NEVER -> null;
            case AUTO -> ProblemDetailsUse.detected(environment, beans) ? ProblemDetailsUse.why(environment) : null;
        };
    }

    /**
     * Answers the refusals Lumen's chain held until Spring Security passed the request, right after
     * Spring Security's filter chain ({@code spring.security.filter.order}, default -100, plus one).
     * Registered whenever {@code lumen.spring-security-first} is on; without Spring Security nothing is
     * held and it only passes requests on.
     */
    @Bean
    @ConditionalOnMissingBean(name = HeldRefusalFilter.NAME)
    @ConditionalOnProperty(prefix = "lumen", name = "spring-security-first", matchIfMissing = true)
    public FilterRegistrationBean<HeldRefusalFilter> lumenHeldRefusalFilter(Environment environment,
                                                                             ObjectProvider<SpringCors> cors) {
        FilterRegistrationBean<HeldRefusalFilter> registration = new FilterRegistrationBean<>(
                new HeldRefusalFilter(cors.getIfAvailable()));
        registration.setOrder(environment.getProperty("spring.security.filter.order", Integer.class,
                SPRING_SECURITY_FILTER_ORDER) + 1);
        registration.setName(HeldRefusalFilter.NAME);
        registration.setDispatcherTypes(DispatcherType.REQUEST);
        return registration;
    }

    @Bean
    @ConditionalOnMissingBean
    public LumenHandlerWrapper lumenHandlerWrapper(LumenEmbedding embedding, SpringHandoff handoff,
                                                   ObjectProvider<SpringCors> cors) {
        return new LumenHandlerWrapper(embedding, handoff, cors.getIfAvailable());
    }

    /** Lumen's request data as request attributes, first among the filters. */
    @Bean
    @ConditionalOnMissingBean(name = "lumenRequestFilter")
    public FilterRegistrationBean<LumenRequestFilter> lumenRequestFilter() {
        FilterRegistrationBean<LumenRequestFilter> registration = new FilterRegistrationBean<>(new LumenRequestFilter());
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.setName("lumenRequestFilter");
        return registration;
    }

    /** Spring's multipart request limit applied when Spring reads the upload ({@link MultipartLimit}). */
    @Bean
    @ConditionalOnMissingBean
    public MultipartLimit lumenMultipartLimit() {
        return new MultipartLimit();
    }

    /** The filter half of {@link MultipartLimit}, first among the filters. */
    @Bean
    @ConditionalOnMissingBean(name = "lumenMultipartLimitFilter")
    public FilterRegistrationBean<MultipartLimit> lumenMultipartLimitFilter(MultipartLimit limit) {
        FilterRegistrationBean<MultipartLimit> registration = new FilterRegistrationBean<>(limit);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.setName(MultipartLimit.FILTER_NAME);
        registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ERROR); // see MultipartLimit
        return registration;
    }

    /**
     * Controller parameters {@code LumenRequest}, {@code VerifiedToken}, {@code ValidatedRequest}; a body
     * Spring could not read because of the server's body rules answered as Lumen answers it (413/408);
     * Spring's CORS headers on Lumen's refusals.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(WebMvcConfigurer.class)
    static class MvcConfiguration {
        /** Spring's CORS headers on Lumen's own refusals of browser requests. */
        @Bean
        @ConditionalOnMissingBean
        SpringCors lumenSpringCors(ObjectProvider<HandlerMappingIntrospector> introspector,
                                   ObjectProvider<ServletContext> servletContext, Environment environment) {
            return new SpringCors(introspector::getIfAvailable, servletContext::getIfAvailable,
                    environment.getProperty("server.servlet.context-path", ""));
        }

        @Bean
        @ConditionalOnMissingBean(name = "lumenWebMvcConfigurer")
        WebMvcConfigurer lumenWebMvcConfigurer(LumenEmbedding lumen) {
            return new WebMvcConfigurer() {
                @Override
                public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
                    resolvers.add(new LumenRequestArgumentResolver());
                }

                @Override
                public void extendHandlerExceptionResolvers(List<HandlerExceptionResolver> resolvers) {
                    resolvers.add(0, new BodyReadFailureResolver(lumen));
                }
            };
        }
    }
}
