package io.lumen.client.oauth;

import io.lumen.client.testing.TokenServer;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the token endpoint receives for each client authentication method, read on the endpoint's side. */
class ClientAuthenticationTest {

    @Test
    void clientSecretBasicSendsTheCredentialsInTheAuthorizationHeaderOnly(@TempDir Path dir) throws Exception {
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, TokenFixture.basic())) {
            AccessToken t = f.tokens.source().token().get();
            assertEquals("tok-1", t.value());
            TokenServer.Recorded r = server.last();
            String expected = "Basic " + Base64.getEncoder().encodeToString("my-client:s3cret-value".getBytes(StandardCharsets.UTF_8));
            assertEquals(expected, r.headers().get("authorization"));
            assertEquals("application/x-www-form-urlencoded", r.headers().get("content-type"));
            assertEquals("client_credentials", r.form().get("grant_type"));
            assertEquals("a.r b.w", r.form().get("scope"));
            assertNull(r.form().get("client_secret"), "the secret is not in the body too");
            assertNull(r.form().get("client_id"));
        }
    }

    @Test
    void basicCredentialsAreFormEncodedBeforeBase64(@TempDir Path dir) throws Exception {
        String oauth = TokenFixture.basic().replace("my-client", "'my client:1'").replace("s3cret-value", "'p@ss:w rd'");
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, oauth)) {
            f.tokens.source().token().get();
            String sent = server.last().headers().get("authorization").substring(6);
            assertEquals("my+client%3A1:p%40ss%3Aw+rd", new String(Base64.getDecoder().decode(sent), StandardCharsets.UTF_8),
                    "RFC 6749 2.3.1: application/x-www-form-urlencoded, then base64");
        }
    }

    @Test
    void clientSecretPostSendsTheCredentialsInTheForm(@TempDir Path dir) throws Exception {
        String oauth = TokenFixture.basic().replace("client_id: my-client", "client_id: my-client\n      authMethod: client_secret_post");
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, oauth)) {
            f.tokens.source().token().get();
            TokenServer.Recorded r = server.last();
            assertNull(r.headers().get("authorization"));
            assertEquals("my-client", r.form().get("client_id"));
            assertEquals("s3cret-value", r.form().get("client_secret"));
            assertEquals("client_credentials", r.form().get("grant_type"));
        }
    }

    @Test
    void privateKeyJwtSendsAnAssertionSignedByTheClientsRsaKey(@TempDir Path dir) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        KeyPair pair = g.generateKeyPair();
        assertAssertionVerifies(dir, pair, "RS256");
    }

    @Test
    void privateKeyJwtWithAnEcKeyUsesEs256(@TempDir Path dir) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        assertAssertionVerifies(dir, g.generateKeyPair(), "ES256");
    }

    /** client.p12 of the TLS tests (an EC P-256 key, alias client) in the test folder, and an oauth section using it. */
    private static String keyStoreOauth(Path dir, String extraKeys) throws Exception {
        Files.copy(Path.of("src/test/resources/tls/client.p12"), dir.resolve("client.p12"));
        return """
                  token:
                    server_url: SERVER
                    client_credentials:
                      client_id: jwt-client
                      authMethod: private_key_jwt
                      privateKeyJwt: {keyStore: client.p12, keyStorePass: changeit%s}
                """.formatted(extraKeys);
    }

    @Test
    void privateKeyJwtReadsItsKeyFromAKeyStore(@TempDir Path dir) throws Exception {
        String oauth = keyStoreOauth(dir, "");
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(dir.resolve("client.p12"))) {
            ks.load(in, "changeit".toCharArray());
        }
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, oauth)) {
            f.tokens.source().token().get();
            JwtClaims claims = new JwtConsumerBuilder().setVerificationKey(ks.getCertificate("client").getPublicKey())
                    .setExpectedIssuer("jwt-client").setExpectedAudience(server.url() + "/oauth2/token").build()
                    .processToClaims(server.last().form().get("client_assertion"));
            assertEquals("jwt-client", claims.getSubject());
        }
    }

    @Test
    void anAlgorithmTheKeyCannotSignWithStopsAtStartup(@TempDir Path dir) throws Exception {
        String oauth = keyStoreOauth(dir, ", algorithm: RS256"); // an EC key
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, oauth)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> f.tokens.source());
            assertEquals("client.yml: oauth.token.client_credentials.privateKeyJwt.keyStore client.p12: its EC key cannot "
                    + "sign RS256; set algorithm: ES256 or leave it out", e.getMessage());
        }
    }

    @Test
    void aKeyStoreWithoutTheNamedKeyIsNamedInTheError(@TempDir Path dir) throws Exception {
        String oauth = keyStoreOauth(dir, ", keyAlias: nope");
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, oauth)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> f.tokens.source());
            assertEquals("client.yml: oauth.token.client_credentials.privateKeyJwt.keyStore client.p12: no private key "
                    + "under alias 'nope'", e.getMessage());
        }
    }

    private static void assertAssertionVerifies(Path dir, KeyPair pair, String algorithm) throws Exception {
        Files.writeString(dir.resolve("client-key.pem"), "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(pair.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n");
        String oauth = """
                  token:
                    server_url: SERVER
                    client_credentials:
                      client_id: jwt-client
                      authMethod: private_key_jwt
                      privateKeyJwt: {keyFile: client-key.pem, keyId: key-1, algorithm: ALG}
                """.replace("ALG", algorithm);
        try (TokenServer server = TokenServer.start(); TokenFixture f = new TokenFixture(dir, server, oauth)) {
            f.tokens.source().token().get();
            f.tokens.forService(null, List.of("x")).token().get(); // a second request: a second assertion
            TokenServer.Recorded r = server.requests.get(0);
            assertNull(r.headers().get("authorization"));
            assertNull(r.form().get("client_secret"));
            assertEquals("jwt-client", r.form().get("client_id"));
            assertEquals("urn:ietf:params:oauth:client-assertion-type:jwt-bearer", r.form().get("client_assertion_type"));
            String endpoint = server.url() + "/oauth2/token";
            JwtConsumer consumer = new JwtConsumerBuilder().setVerificationKey(pair.getPublic())
                    .setExpectedIssuer("jwt-client").setExpectedSubject("jwt-client").setExpectedAudience(endpoint)
                    .setRequireExpirationTime().setRequireIssuedAt().setRequireJwtId().build();
            JwtClaims claims = consumer.processToClaims(r.form().get("client_assertion"));
            assertTrue(claims.getExpirationTime().getValue() - claims.getIssuedAt().getValue() <= 60, "a short-lived assertion");
            String header = new String(Base64.getUrlDecoder().decode(r.form().get("client_assertion").split("\\.")[0]),
                    StandardCharsets.UTF_8);
            assertTrue(header.contains("\"kid\":\"key-1\"") && header.contains("\"alg\":\"" + algorithm + "\""), header);
            String secondJti = consumer.processToClaims(server.requests.get(1).form().get("client_assertion")).getJwtId();
            assertNotNull(secondJti);
            assertFalse(secondJti.equals(claims.getJwtId()), "every assertion has its own jti");
        }
    }
}
