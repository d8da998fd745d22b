package io.lumen.security.keys;

import java.security.PublicKey;
import java.util.Set;

/**
 * A public key that verifies token signatures, with the algorithm its publisher bound it to.
 *
 * @param key       the public key (RSA, EC or EdDSA)
 * @param algorithm the JWK's {@code alg}; null when the publisher named none (Entra ID, Spring
 *                  Authorization Server, X.509 certificates): then any signature algorithm of the key's type
 */
public record VerificationKey(PublicKey key, String algorithm) {
    private static final Set<String> SIGNATURE_ALGORITHMS = Set.of("RS256", "RS384", "RS512", "PS256", "PS384",
            "PS512", "ES256", "ES384", "ES512", "EdDSA");

    /** Whether {@code alg} names a JWS signature algorithm (not an encryption one such as RSA-OAEP). */
    static boolean signatureAlgorithm(String alg) {
        return SIGNATURE_ALGORITHMS.contains(alg);
    }

    /**
     * Whether this key may verify a token signed with {@code alg}: the key's type suits the algorithm and,
     * when the publisher bound the key to an algorithm (RFC 7517 4.4), it is that one.
     */
    public boolean fits(String alg) {
        if (alg == null || algorithm != null && !algorithm.equals(alg)) {
            return false;
        }
        String type = key.getAlgorithm();
        if (alg.startsWith("RS") || alg.startsWith("PS")) {
            return type.equals("RSA") || type.equals("RSASSA-PSS");
        }
        if (alg.startsWith("ES")) {
            return type.equals("EC");
        }
        return alg.equals("EdDSA") && (type.equals("EdDSA") || type.equals("Ed25519") || type.equals("Ed448"));
    }
}
