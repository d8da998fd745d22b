/**
 * The {@code security} middleware: JWT bearer-token verification configured by {@code security.yml}
 * ({@code JwtVerifier}, its refusals in {@code jwt}, the token cache in {@code cache}), scope checks
 * against the OpenAPI operation, and the verified token as a typed attachment. See docs/security.md.
 */
package io.lumen.security;
