/**
 * OAuth 2.0 tokens for outbound calls: {@link io.lumen.client.oauth.ClientTokens} reads client.yml's
 * {@code oauth} section (light-4j's keys) and hands out a {@link io.lumen.client.oauth.TokenSource}
 * per target service and scope set. A source gets client-credentials tokens (client_secret_basic,
 * client_secret_post or private_key_jwt) or exchanges a caller's token (RFC 8693) through the
 * {@link io.lumen.client.LumenClient} itself, so nothing blocks; it caches the token, renews it
 * before expiry with one request in flight, and {@link io.lumen.client.oauth.TokenSource#send}
 * retries a call once with a fresh token after a 401. Tokens and secrets are never logged: their
 * {@code toString()} is redacted and errors carry the endpoint's status, never its body.
 */
package io.lumen.client.oauth;
