package io.lumen.client.oauth;

import java.net.URI;
import java.util.List;

/**
 * A token endpoint and how to ask it: the client's id, its authentication and the scopes. Resolved
 * once from client.yml by {@link ClientTokens}; what a {@link TokenSource} fetches with.
 * {@link #toString()} leaves the secret out.
 *
 * @param endpoint     the token endpoint URL ({@code server_url} + {@code uri})
 * @param clientId     client_id
 * @param clientSecret client_secret (null with private_key_jwt)
 * @param authMethod   client_secret_basic, client_secret_post or private_key_jwt
 * @param assertion    the signer of private_key_jwt, else null
 * @param scope        scopes to ask for; empty: the registration's default
 */
record TokenTarget(URI endpoint, String clientId, String clientSecret, String authMethod, ClientAssertion assertion,
                   List<String> scope) {

    /** The endpoint as messages name it: scheme, host, port and path (no user info, no query). */
    String display() {
        return endpoint.getScheme() + "://" + endpoint.getHost()
                + (endpoint.getPort() == -1 ? "" : ":" + endpoint.getPort()) + endpoint.getRawPath();
    }

    /** The same server and credentials asking for {@code other} scopes. */
    TokenTarget withScope(List<String> other) {
        return new TokenTarget(endpoint, clientId, clientSecret, authMethod, assertion, List.copyOf(other));
    }

    @Override
    public String toString() {
        return "TokenTarget[" + display() + ", client_id=" + clientId + ", " + authMethod + ", scope=" + scope + "]";
    }
}
