/**
 * The {@code security} middleware: JWT bearer-token verification configured by {@code security.yml},
 * scope checks against the OpenAPI operation, and the verified token as a typed attachment. See
 * docs/security.md.
 */
package io.lumen.security;
