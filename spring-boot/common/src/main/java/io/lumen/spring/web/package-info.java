/**
 * Lumen's request data for Spring MVC: {@link io.lumen.spring.web.LumenRequestFilter} publishes it as
 * request attributes, {@link io.lumen.spring.web.LumenRequestArgumentResolver} as controller
 * parameters ({@code LumenRequest}, {@code VerifiedToken}, {@code ValidatedRequest}). Both read the
 * Undertow exchange's attachments on the servlet's thread, so controllers never touch Undertow.
 * Around them, how Lumen's answers meet Spring's: {@link io.lumen.spring.web.HeldRefusalFilter} answers
 * a refusal held until Spring Security passed the request, {@link io.lumen.spring.web.ProblemDetailsUse}
 * tells whether the application answers problem details, {@link io.lumen.spring.web.SpringCors} adds
 * Spring's CORS headers to Lumen's refusals, and the Tomcat-like defaults of Undertow's container.
 */
package io.lumen.spring.web;
