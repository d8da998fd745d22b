package io.lumen.spring.it;

import io.lumen.security.tool.DevTokens;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;

/** Tokens signed by the repository's development key petstore-dev-1 (config/petstore/embedded). */
final class DevKey {
    static final Path DIR = Path.of("../../config/petstore/embedded").toAbsolutePath().normalize();
    static final String CERTIFICATE = "petstore-dev-1=" + DIR.resolve("petstore-dev-1.crt");

    private DevKey() {
    }

    static String token(String scope, String clientId) throws Exception {
        String pem = Files.readString(DIR.resolve("dev-only/petstore-dev-1.key.pem"));
        byte[] der = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
        PrivateKey key = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
        JwtClaims claims = new JwtClaims();
        claims.setIssuer("https://lumen.dev/issuer");
        claims.setAudience("petstore");
        claims.setSubject("user-7");
        claims.setClaim("client_id", clientId);
        claims.setClaim("scope", scope);
        long now = Instant.now().getEpochSecond();
        claims.setIssuedAt(NumericDate.fromSeconds(now));
        claims.setExpirationTime(NumericDate.fromSeconds(now + 600));
        return DevTokens.sign(key, "petstore-dev-1", claims);
    }
}
