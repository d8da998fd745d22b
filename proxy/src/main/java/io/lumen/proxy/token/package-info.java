/**
 * The {@code token} middleware (token.yml): puts an OAuth 2.0 token for the upstream in the
 * {@code Authorization} header of proxied requests (light-4j's egress {@code TokenHandler}),
 * client-credentials per target service (client.yml {@code pathPrefixServices} and
 * {@code oauth.token.client_credentials.serviceIdAuthServers}) or exchanged for the caller's token
 * (RFC 8693). The tokens come from {@link io.lumen.client.oauth.ClientTokens}.
 */
package io.lumen.proxy.token;
