/**
 * The OpenAPI operation's own security requirements, enforced by the {@code security} middleware
 * when the {@code specification} middleware matched the request: alternatives (OR) of schemes that
 * must all pass (AND), each apiKey (header, query, cookie), http basic, http bearer, oauth2 or
 * openIdConnect scheme checked as the spec declares it, with credentials from {@code security.yml}
 * {@code schemes}. See docs/security.md.
 */
package io.lumen.security.spec;
