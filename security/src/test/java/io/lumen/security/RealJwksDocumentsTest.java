package io.lumen.security;

import io.lumen.security.keys.JwksDocument;
import io.lumen.testkit.TestService;
import org.jose4j.json.JsonUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.lumen.security.ProviderKey.map;
import static io.lumen.security.ProviderTokens.call;
import static io.lumen.security.ProviderTokens.now;
import static io.lumen.security.ProviderTokens.refused;
import static io.lumen.security.ProviderTokens.service;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Auth0's published sample JWKS documents (src/test/resources/providers/README.md): their key is read,
 * also from its x5c certificate alone and without a kid. No private key of theirs exists here, so a
 * token signed with a test key must fail on its signature, not for want of a key.
 */
class RealJwksDocumentsTest {
    private static final String AUTH0_KID = "NkJCQzIyQzRBMEU4NjhGNUU4MzU4RkY0M0ZDQzkwOUQ0Q0VGNUMwQg";

    @TempDir
    Path dir;

    private static String resource(String name) {
        try (InputStream in = RealJwksDocumentsTest.class.getResourceAsStream("/providers/auth0/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The document with its key's n and e removed: the x5c certificate is all that is left. */
    @SuppressWarnings("unchecked")
    private static String x5cOnly(String document) throws Exception {
        Map<String, Object> doc = JsonUtil.parseJson(document);
        Map<String, Object> key = ((List<Map<String, Object>>) doc.get("keys")).get(0);
        key.remove("n");
        key.remove("e");
        return JsonUtil.toJson(doc);
    }

    private static Map<String, Object> claims() {
        return map("iss", "https://samples.auth0.com/", "sub", "auth0|1", "aud", "https://api.lumen.test",
                "iat", now(), "exp", now() + 300, "scope", "read:pets");
    }

    @Test
    void theCertificateAloneGivesTheSameKeyAsItsParameters() throws Exception {
        JwksDocument full = JwksDocument.parse(resource("jwks-single.json"), "auth0");
        JwksDocument certificateOnly = JwksDocument.parse(x5cOnly(resource("jwks-single.json")), "auth0");
        assertEquals(List.of(AUTH0_KID), List.copyOf(full.named().keySet()));
        assertEquals(full.named().get(AUTH0_KID), certificateOnly.named().get(AUTH0_KID));
        JwksDocument noKid = JwksDocument.parse(resource("jwks-single-no-kid.json"), "auth0");
        assertTrue(noKid.named().isEmpty());
        assertEquals(List.of(full.named().get(AUTH0_KID)), noKid.unnamed());
    }

    @Test
    void tokensMeetAuth0sKeyEvenWithoutKidOrWithOnlyItsCertificate() throws Exception {
        ProviderKey test = ProviderKey.rsa("test");
        for (String document : List.of(resource("jwks-single.json"), x5cOnly(resource("jwks-single.json")))) {
            try (JwksServer jwks = new JwksServer(document); TestService s = service(dir, jwks.url(), "")) {
                refused(call(s, "/v1/pets", test.sign("RS256", map("typ", "JWT", "kid", AUTH0_KID), claims())), 401,
                        "ERR10000", "signature is invalid");
            }
        }
        try (JwksServer jwks = new JwksServer(resource("jwks-single-no-kid.json")); TestService s = service(dir, jwks.url(), "")) {
            refused(call(s, "/v1/pets", test.sign("RS256", map("typ", "JWT"), claims())), 401, "ERR10000",
                    "signature is invalid");
        }
    }
}
