package io.lumen.security;

import io.lumen.security.jwt.Rejection;
import io.lumen.security.jwt.TokenRejectedException;
import io.lumen.security.keys.KeyRing;
import io.lumen.security.keys.VerificationKey;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.NumericDate;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.jwt.consumer.JwtContext;
import org.jose4j.jwx.JsonWebStructure;
import org.jose4j.keys.HmacKey;
import org.jose4j.lang.InvalidAlgorithmException;
import org.jose4j.lang.UnresolvableKeyException;

import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.util.List;
import java.util.Set;

/**
 * Verifies a compact JWS with jose4j in two passes: the first only parses (no signature, no claims) so
 * the algorithm and kid can be checked before any key is looked up; the second verifies the signature
 * with the kid's key under an algorithm allow-list, then {@code exp} (required), {@code nbf} and
 * {@code iat} with the clock skew, the issuer (one of several) and the audience when configured (a token
 * without {@code aud} is held to its {@code client_id}, as AWS Cognito access tokens carry it). A token
 * without kid takes the key its {@code x5t} names, else the only key that fits its algorithm. HMAC algorithms verify
 * only with the configured shared secret, never with a public key. Thread-safe; CPU only, no I/O.
 */
public final class JwtVerifier {
    /** Tokens longer than this are refused without parsing (a 16 KB Authorization header is not a token). */
    public static final int MAX_TOKEN_CHARS = 8192;
    private static final int TEN_YEARS = 10 * 365 * 24 * 3600;

    private final KeyRing keys;
    private final Set<String> algorithms;
    private final Key hmacKey;
    private final Set<String> audience;
    private final JwtConsumer parser;
    private final JwtConsumer consumer;

    public JwtVerifier(SecurityConfig.Jwt config, KeyRing keys) {
        this.keys = keys;
        this.algorithms = Set.copyOf(config.algorithms());
        this.hmacKey = config.sharedSecret() == null ? null
                : new HmacKey(config.sharedSecret().getBytes(StandardCharsets.UTF_8));
        this.parser = new JwtConsumerBuilder().setSkipAllValidators().setDisableRequireSignature()
                .setSkipSignatureVerification().setJwsAlgorithmConstraints(AlgorithmConstraints.NO_CONSTRAINTS).build();
        JwtConsumerBuilder b = new JwtConsumerBuilder()
                .setRequireExpirationTime()
                .setAllowedClockSkewInSeconds(config.clockSkewInSeconds())
                .setIssuedAtRestrictions(0, TEN_YEARS)
                .setJwsAlgorithmConstraints(new AlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT,
                        config.algorithms().toArray(String[]::new)))
                .setVerificationKeyResolver(this::resolve);
        if (!config.issuer().isEmpty()) {
            b.setExpectedIssuers(true, config.issuer().toArray(String[]::new));
        }
        this.audience = Set.copyOf(config.audience());
        if (audience.isEmpty()) {
            b.setSkipDefaultAudienceValidation();
        } else {
            // a token without aud is checked by its client_id below (AWS Cognito access tokens)
            b.setExpectedAudience(false, config.audience().toArray(String[]::new));
        }
        this.consumer = b.build();
    }

    /**
     * Verifies {@code token} (the part after {@code Bearer }).
     *
     * @throws TokenRejectedException with the reason; {@link Rejection#UNKNOWN_KID} when no key source knows the
     *                                token's kid (a JWKS refresh may help)
     */
    public VerifiedToken verify(String token) throws TokenRejectedException {
        if (token.length() > MAX_TOKEN_CHARS) {
            throw new TokenRejectedException(Rejection.TOO_LONG, null);
        }
        JwtContext context;
        try {
            context = parser.process(token);
        } catch (InvalidJwtException | RuntimeException e) {
            throw new TokenRejectedException(Rejection.MALFORMED, e.getMessage());
        }
        List<JsonWebStructure> structures = context.getJoseObjects();
        if (structures.size() != 1 || !(structures.get(0) instanceof JsonWebSignature jws)) {
            throw new TokenRejectedException(Rejection.MALFORMED, "not a signed JWT");
        }
        String alg = jws.getAlgorithmHeaderValue();
        if (alg == null || !algorithms.contains(alg)) {
            throw new TokenRejectedException(Rejection.ALGORITHM, alg);
        }
        if (!alg.startsWith("HS")) {
            String kid = jws.getKeyIdHeaderValue();
            VerificationKey key = keyFor(jws, alg);
            if (key == null) {
                throw kid == null ? new TokenRejectedException(Rejection.NO_KID, null, true)
                        : new TokenRejectedException(Rejection.UNKNOWN_KID, kid);
            }
            if (!key.fits(alg)) {
                throw new TokenRejectedException(Rejection.ALGORITHM, alg + " with a key for " + key.algorithm());
            }
        }
        try {
            consumer.processContext(context);
            JwtClaims claims = context.getJwtClaims();
            String clientId = claims.getClaimValueAsString("client_id");
            if (!audience.isEmpty() && !claims.hasAudience() && (clientId == null || !audience.contains(clientId))) {
                throw new TokenRejectedException(Rejection.AUDIENCE, "no aud, client_id not accepted");
            }
            NumericDate exp = claims.getExpirationTime();
            return VerifiedToken.of(claims.getClaimsMap(), exp.getValueInMillis());
        } catch (InvalidJwtException e) {
            Rejection reason = reason(e);
            // a kid-less token from a provider that rotated its only key: new keys may verify it
            boolean rotated = reason == Rejection.SIGNATURE && !alg.startsWith("HS") && jws.getKeyIdHeaderValue() == null;
            throw new TokenRejectedException(reason, e.getOriginalMessage(), rotated);
        } catch (MalformedClaimException | RuntimeException e) {
            throw new TokenRejectedException(Rejection.INVALID, e.getMessage());
        }
    }

    private Key resolve(JsonWebSignature jws, List<JsonWebStructure> nested) throws UnresolvableKeyException {
        String alg = jws.getAlgorithmHeaderValue();
        if (alg != null && alg.startsWith("HS")) {
            if (hmacKey == null) {
                throw new UnresolvableKeyException("HMAC without a shared secret");
            }
            return hmacKey;
        }
        VerificationKey key = keyFor(jws, alg);
        if (key == null || !key.fits(alg)) {
            throw new UnresolvableKeyException("no key for the token");
        }
        return key.key();
    }

    /** The key the token names: by kid; without kid by its x5t header, else the only key that fits. */
    private VerificationKey keyFor(JsonWebSignature jws, String alg) {
        String kid = jws.getKeyIdHeaderValue();
        if (kid != null) {
            return keys.key(kid);
        }
        String x5t = jws.getX509CertSha1ThumbprintHeaderValue();
        VerificationKey byThumbprint = x5t == null ? null : keys.keyByThumbprint(x5t);
        return byThumbprint != null ? byThumbprint : keys.soleKey(alg);
    }

    private static Rejection reason(InvalidJwtException e) {
        if (e.hasErrorCode(ErrorCodes.SIGNATURE_INVALID) || e.hasErrorCode(ErrorCodes.SIGNATURE_MISSING)) {
            return Rejection.SIGNATURE;
        }
        if (e.hasErrorCode(ErrorCodes.MALFORMED_CLAIM) || e.hasErrorCode(ErrorCodes.JSON_INVALID)) {
            return Rejection.MALFORMED;
        }
        if (e.hasExpired()) {
            return Rejection.EXPIRED;
        }
        if (e.hasErrorCode(ErrorCodes.EXPIRATION_MISSING)) {
            return Rejection.EXPIRY_MISSING;
        }
        if (e.hasErrorCode(ErrorCodes.NOT_YET_VALID)) {
            return Rejection.NOT_YET_VALID;
        }
        if (e.hasErrorCode(ErrorCodes.ISSUED_AT_INVALID_FUTURE)) {
            return Rejection.ISSUED_IN_FUTURE;
        }
        if (e.hasErrorCode(ErrorCodes.ISSUER_INVALID) || e.hasErrorCode(ErrorCodes.ISSUER_MISSING)) {
            return Rejection.ISSUER;
        }
        if (e.hasErrorCode(ErrorCodes.AUDIENCE_INVALID) || e.hasErrorCode(ErrorCodes.AUDIENCE_MISSING)) {
            return Rejection.AUDIENCE;
        }
        if (e.getCause() instanceof InvalidAlgorithmException) {
            return Rejection.ALGORITHM;
        }
        return Rejection.INVALID;
    }
}
