package io.lumen.example.spring;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.Resource;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.web.SecurityFilterChain;

import java.io.InputStream;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAPublicKey;
import java.util.Collection;

/**
 * Only for the benchmark's comparison: {@code /spring-security/**} behind Spring Security's JWT
 * resource server with the same key, issuer, audience and scope as Lumen's {@code security}
 * middleware. No other path has a security filter chain (Lumen secures {@code /v1}).
 */
@Configuration(proxyBeanMethods = false)
public class SpringSecurityComparison {

    @Bean
    SecurityFilterChain comparisonSecurityFilterChain(HttpSecurity http,
                                                 @Value("classpath:config/petstore-dev-1.crt") Resource certificate)
            throws Exception {
        X509Certificate cert;
        try (InputStream in = certificate.getInputStream()) {
            cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        NimbusJwtDecoder decoder = NimbusJwtDecoder.withPublicKey((RSAPublicKey) cert.getPublicKey()).build();
        OAuth2TokenValidator<Jwt> audience = new JwtClaimValidator<Collection<String>>("aud",
                aud -> aud != null && aud.contains("petstore"));
        decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(
                JwtValidators.createDefaultWithIssuer("https://lumen.dev/issuer"), audience));
        return http.securityMatcher("/spring-security/**")
                .authorizeHttpRequests(a -> a.anyRequest().hasAuthority("SCOPE_read:pets"))
                .oauth2ResourceServer(o -> o.jwt(j -> j.decoder(decoder)))
                .csrf(c -> c.disable())
                .sessionManagement(s -> s.sessionCreationPolicy(
                        SessionCreationPolicy.STATELESS))
                .build();
    }
}
