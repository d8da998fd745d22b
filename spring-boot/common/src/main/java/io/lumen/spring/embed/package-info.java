/**
 * Lumen inside a Spring application context on Undertow: {@link io.lumen.spring.embed.LumenEmbedding}
 * assembles the service once every bean exists and follows the context's lifecycle;
 * {@link io.lumen.spring.embed.LumenHandlerWrapper} puts Lumen's router in front of Spring's
 * servlet handler as Undertow's initial handler-chain wrapper (IO thread);
 * {@link io.lumen.spring.embed.SpringHandoff} is the {@code spring} terminal that hands a request
 * to Spring MVC after the chain ({@code SpringSecurityFirst} hands over a request
 * whose content Lumen refused, so Spring Security answers an unauthenticated caller first). handler.yml names resolve to beans; {@code ${key}} placeholders
 * also resolve from Spring's {@code Environment}. Everything is per application context.
 */
package io.lumen.spring.embed;
