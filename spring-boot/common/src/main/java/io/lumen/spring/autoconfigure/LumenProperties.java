package io.lumen.spring.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code lumen.*} properties of a Spring application. Everything else Lumen reads from its own
 * files (handler.yml, security.yml, ...), whose {@code ${key}} placeholders also resolve from the
 * application's Spring properties.
 */
@ConfigurationProperties(prefix = "lumen")
public class LumenProperties {
    /** Who answers requests that no handler.yml path matches. */
    public enum Unmatched {
        /** Spring MVC, as if Lumen were not there. */
        SPRING,
        /** Lumen: 404 ERR10048, or 405 ERR10008 with Allow when the path has other methods. */
        LUMEN
    }

    /** In what format Lumen's refusals answer. */
    public enum ProblemDetails {
        /** RFC 9457 problem details when the application's are (spring.mvc.problemdetails.enabled, a ProblemDetail @ControllerAdvice). */
        AUTO,
        /** Always RFC 9457 problem details ({@code application/problem+json}). */
        ALWAYS,
        /** Always Lumen's error JSON. */
        NEVER
    }

    /** Whether Lumen's handler.yml routes run in front of Spring MVC. */
    private boolean enabled = true;

    /**
     * Directories of Lumen's config files (handler.yml, security.yml, openapi.yaml, ...), separated
     * like a class path; the first that has a file wins. Default: the light-4j-config-dir system
     * property, then the classpath folder config/.
     */
    private String configDir;

    /** Who answers requests that no handler.yml path matches (unless handler.yml declares defaultHandlers). */
    private Unmatched unmatched = Unmatched.SPRING;

    /**
     * With Spring Security in the application: Lumen's refusals about a request's content (400, 404,
     * 405, 406, 415, 422) on routes that end in Spring are answered only after Spring Security's filter
     * chain let the request through, so a caller without credentials gets Spring Security's 401/403.
     * False: answered at once, before Spring Security runs.
     */
    private boolean springSecurityFirst = true;

    /**
     * Lumen's refusals as RFC 9457 problem details (application/problem+json, Lumen's code as the
     * extension member "code"); a spec's own declared error format wins either way.
     */
    private ProblemDetails problemDetails = ProblemDetails.AUTO;

    public boolean isSpringSecurityFirst() {
        return springSecurityFirst;
    }

    public void setSpringSecurityFirst(boolean springSecurityFirst) {
        this.springSecurityFirst = springSecurityFirst;
    }

    public ProblemDetails getProblemDetails() {
        return problemDetails;
    }

    public void setProblemDetails(ProblemDetails problemDetails) {
        this.problemDetails = problemDetails;
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public String getConfigDir() {
        return configDir;
    }

    public void setConfigDir(String configDir) {
        this.configDir = configDir;
    }

    public Unmatched getUnmatched() {
        return unmatched;
    }

    public void setUnmatched(Unmatched unmatched) {
        this.unmatched = unmatched;
    }
}
