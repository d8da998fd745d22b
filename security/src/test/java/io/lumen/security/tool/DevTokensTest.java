package io.lumen.security.tool;

import io.lumen.security.JwtVerifier;
import io.lumen.config.ConfigLoader;
import io.lumen.security.SecurityConfig;
import io.lumen.security.VerifiedToken;
import io.lumen.security.keys.Certificates;
import io.lumen.security.keys.KeyRing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DevTokensTest {
    @TempDir
    Path dir;

    private String run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = DevTokens.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8).trim();
    }

    @Test
    void keygenThenTokenGivesATokenTheVerifierAccepts() throws Exception {
        run("keygen", "--dir", dir.toString(), "--kid", "dev-1");
        Path crt = dir.resolve("dev-1.crt");
        Path key = dir.resolve("dev-only/dev-1.key.pem");
        assertTrue(Files.readString(dir.resolve("dev-only/README.md")).contains("DEVELOPMENT ONLY"));
        try (InputStream in = Files.newInputStream(crt)) {
            X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            cert.verify(cert.getPublicKey()); // self-signed, and the DER we wrote is valid
            cert.checkValidity();
            assertTrue(cert.getNotAfter().toInstant().isAfter(Instant.now().plus(365 * 29, ChronoUnit.DAYS)));
            assertEquals("CN=dev-1", cert.getSubjectX500Principal().getName());
        }
        String token = run("token", "--key", key.toString(), "--kid", "dev-1", "--scope", "read:pets write:pets",
                "--iss", "https://lumen.dev/issuer", "--aud", "petstore", "--ttl", "120", "--sub", "bob",
                "--client-id", "cli", "--claim", "tenant=acme");
        ConfigLoader loader = ConfigLoader.builder().configDirs(List.of(dir)).env(k -> null).build();
        SecurityConfig.Jwt jwt = new SecurityConfig.Jwt(Map.of("dev-1", "dev-1.crt"), 0, null, List.of("https://lumen.dev/issuer"),
                List.of("petstore"), null, null, null, null, null, null);
        VerifiedToken t = new JwtVerifier(jwt, new KeyRing(Certificates.load(loader, jwt.certificates()), List.of())).verify(token);
        assertEquals(Set.of("read:pets", "write:pets"), t.scopes());
        assertEquals("cli", t.clientId());
        assertEquals("bob", t.userId());
        assertEquals("acme", t.claim("tenant"));
        assertTrue(t.expiresAtMillis() <= System.currentTimeMillis() + 121_000);
    }

    @Test
    void keygenRefusesToOverwriteWithoutForce() {
        run("keygen", "--dir", dir.toString(), "--kid", "k");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = DevTokens.run(new String[] {"keygen", "--dir", dir.toString(), "--kid", "k"},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
        assertEquals(2, code);
        assertTrue(err.toString().contains("--force"));
    }
}
