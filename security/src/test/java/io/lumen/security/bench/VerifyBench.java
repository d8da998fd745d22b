package io.lumen.security.bench;

import io.lumen.security.JwtVerifier;
import io.lumen.security.SecurityConfig;
import io.lumen.security.VerifiedToken;
import io.lumen.security.cache.TokenCache;
import io.lumen.security.keys.KeyRing;
import io.lumen.security.tool.DevTokens;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.util.List;
import java.util.Map;

/**
 * A benchmark, not a test (no assertions, not run by surefire): single-thread uncached RS256
 * verifications per second, and cache hits (SHA-256 key + lookup) per second.
 * Run: {@code benchmarks/run-security.sh} (or java -cp test-classes:classes:deps io.lumen.security.bench.VerifyBench [seconds]).
 */
public final class VerifyBench {
    private VerifyBench() {
    }

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        KeyPair pair = g.generateKeyPair();
        JwtClaims c = new JwtClaims();
        c.setIssuer("https://lumen.dev/issuer");
        c.setAudience("petstore");
        c.setSubject("bench");
        c.setClaim("client_id", "bench-client");
        c.setClaim("scope", "read:pets write:pets");
        c.setIssuedAtToNow();
        c.setExpirationTime(NumericDate.fromSeconds(NumericDate.now().getValue() + 3600));
        String token = DevTokens.sign(pair.getPrivate(), "b1", c);
        SecurityConfig.Jwt jwt = new SecurityConfig.Jwt(Map.of(), 60, null, List.of("https://lumen.dev/issuer"),
                List.of("petstore"), null, null, null, null, null, null);
        JwtVerifier verifier = new JwtVerifier(jwt, new KeyRing(Map.<String, PublicKey>of("b1", pair.getPublic()), List.of()));
        TokenCache<VerifiedToken> cache = new TokenCache<>(10_000);
        cache.put(cache.key(token), verifier.verify(token), System.currentTimeMillis());

        System.out.printf("token length %d chars%n", token.length());
        for (int round = 0; round < 2; round++) { // round 0 warms up
            long n = 0;
            long end = System.nanoTime() + (long) (seconds * 1e9);
            long t0 = System.nanoTime();
            while (System.nanoTime() < end) {
                verifier.verify(token);
                n++;
            }
            double verifyRate = n / ((System.nanoTime() - t0) / 1e9);
            n = 0;
            long now = System.currentTimeMillis();
            end = System.nanoTime() + (long) (seconds * 1e9);
            t0 = System.nanoTime();
            while (System.nanoTime() < end) {
                if (cache.get(cache.key(token), now) == null) {
                    throw new IllegalStateException("miss");
                }
                n++;
            }
            double hitRate = n / ((System.nanoTime() - t0) / 1e9);
            System.out.printf("%s: uncached verifications/s (1 thread): %.0f; cache hits/s (1 thread): %.0f%n",
                    round == 0 ? "warm-up" : "measured", verifyRate, hitRate);
        }
    }
}
