/**
 * Lumen's request data for Spring MVC: {@link io.lumen.spring.web.LumenRequestFilter} publishes it as
 * request attributes, {@link io.lumen.spring.web.LumenRequestArgumentResolver} as controller
 * parameters ({@code LumenRequest}, {@code VerifiedToken}, {@code ValidatedRequest}). Both read the
 * Undertow exchange's attachments on the servlet's thread, so controllers never touch Undertow.
 */
package io.lumen.spring.web;
