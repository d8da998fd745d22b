package io.lumen.client.oauth;

import io.lumen.client.testing.TokenServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** RFC 8693 token exchange: the request's shape and the cache per caller token. */
class TokenExchangeTest {
    private static final String OAUTH = """
              token:
                server_url: SERVER
                client_credentials:
                  client_id: gateway
                  client_secret: gw-secret
                token_exchange:
                  uri: /oauth2/token
                  subject_token_type: urn:ietf:params:oauth:token-type:access_token
                  requested_token_type: urn:ietf:params:oauth:token-type:access_token
                  audience: petstore
                  scope: [pets.read]
            """;

    @Test
    void theExchangeRequestCarriesTheCallersTokenAsSubject(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, OAUTH)) {
            assertEquals("tok-1", f.tokens.exchange("caller-token-A").token().get().value());
            TokenServer.Recorded r = server.last();
            assertEquals("urn:ietf:params:oauth:grant-type:token-exchange", r.form().get("grant_type"));
            assertEquals("caller-token-A", r.form().get("subject_token"));
            assertEquals("urn:ietf:params:oauth:token-type:access_token", r.form().get("subject_token_type"));
            assertEquals("urn:ietf:params:oauth:token-type:access_token", r.form().get("requested_token_type"));
            assertEquals("petstore", r.form().get("audience"));
            assertEquals("pets.read", r.form().get("scope"));
            assertNotNull(r.headers().get("authorization"), "the gateway authenticates itself (client_secret_basic)");
        }
    }

    @Test
    void exchangedTokensAreCachedPerCallerToken(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, OAUTH)) {
            assertSame(f.tokens.exchange("A"), f.tokens.exchange("A"));
            assertEquals("tok-1", f.tokens.exchange("A").token().get().value());
            assertEquals("tok-1", f.tokens.exchange("A").token().get().value());
            assertEquals("tok-2", f.tokens.exchange("B").token().get().value());
            assertEquals(2, server.tokenHits.get());
        }
    }

    @Test
    void lightFourJsDefaultSubjectTokenTypeIsJwt(@TempDir Path dir) throws Exception {
        String oauth = OAUTH.replace("      subject_token_type: urn:ietf:params:oauth:token-type:access_token\n", "");
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, oauth)) {
            f.tokens.exchange("A").token().get();
            assertEquals("urn:ietf:params:oauth:token-type:jwt", server.last().form().get("subject_token_type"));
        }
    }
}
