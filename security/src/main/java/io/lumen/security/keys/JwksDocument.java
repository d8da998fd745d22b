package io.lumen.security.keys;

import org.jose4j.json.JsonUtil;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.PublicJsonWebKey;
import org.jose4j.lang.JoseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.security.PublicKey;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The signature keys of a JWKS document (RFC 7517) as real providers publish them: keys with or
 * without {@code kid} and {@code alg}, with {@code x5c} beside the key parameters or instead of them.
 * Keys for encryption ({@code use: enc}, {@code key_ops} without {@code verify}, an encryption
 * {@code alg} such as RSA-OAEP) and symmetric keys never verify a signature and are left out; a key
 * that cannot be read is skipped (logged), the rest of the document still counts.
 *
 * @param named       kid -> key
 * @param unnamed     keys published without a kid (usable only by a token without kid, when alone)
 * @param thumbprints {@code x5t} -> key, for tokens that name their key by {@code x5t} instead of
 *                    {@code kid} (AD FS)
 */
public record JwksDocument(Map<String, VerificationKey> named, List<VerificationKey> unnamed,
                           Map<String, VerificationKey> thumbprints) {
    private static final Logger LOG = LoggerFactory.getLogger(JwksDocument.class);

    public JwksDocument {
        named = Map.copyOf(named);
        unnamed = List.copyOf(unnamed);
        thumbprints = Map.copyOf(thumbprints);
    }

    /** No keys (before the first fetch). */
    public static final JwksDocument EMPTY = new JwksDocument(Map.of(), List.of(), Map.of());

    /** Every key, named ones first. */
    public List<VerificationKey> all() {
        List<VerificationKey> all = new ArrayList<>(named.values());
        all.addAll(unnamed);
        return all;
    }

    /**
     * Reads a JWKS document.
     *
     * @throws IllegalArgumentException when it is not a JSON object with a {@code keys} array
     */
    public static JwksDocument parse(String body, String location) {
        Object keys;
        try {
            keys = JsonUtil.parseJson(body).get("keys");
        } catch (JoseException | RuntimeException e) {
            throw new IllegalArgumentException("not a JSON object");
        }
        if (!(keys instanceof List<?> list)) {
            throw new IllegalArgumentException("no \"keys\" array");
        }
        Map<String, VerificationKey> named = new LinkedHashMap<>();
        List<VerificationKey> unnamed = new ArrayList<>();
        Map<String, VerificationKey> thumbprints = new LinkedHashMap<>();
        for (Object entry : list) {
            if (!(entry instanceof Map<?, ?> raw) || !forSignatures(raw)) {
                continue;
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> jwk = (Map<String, Object>) raw;
            PublicKey key = publicKey(jwk);
            Object kid = jwk.get("kid");
            if (key == null) {
                LOG.warn("security: JWKS {}: key {} has no usable public key, skipped", location, kid);
                continue;
            }
            VerificationKey vk = new VerificationKey(key, jwk.get("alg") instanceof String a ? a : null);
            if (jwk.get("x5t") instanceof String x5t && !x5t.isEmpty()) {
                thumbprints.putIfAbsent(x5t, vk);
            }
            if (kid instanceof String k && !k.isEmpty()) {
                named.putIfAbsent(k, vk);
            } else {
                unnamed.add(vk);
            }
        }
        return new JwksDocument(named, unnamed, thumbprints);
    }

    private static boolean forSignatures(Map<?, ?> jwk) {
        if (jwk.get("use") instanceof String use && !use.equals("sig")) {
            return false;
        }
        if (jwk.get("key_ops") instanceof List<?> ops && !ops.contains("verify")) {
            return false;
        }
        return !(jwk.get("alg") instanceof String alg) || VerificationKey.signatureAlgorithm(alg);
    }

    /** The key parameters' public key, else the first {@code x5c} certificate's; null for symmetric or unreadable keys. */
    private static PublicKey publicKey(Map<String, Object> jwk) {
        try {
            if (JsonWebKey.Factory.newJwk(jwk) instanceof PublicJsonWebKey pub && pub.getPublicKey() != null) {
                return pub.getPublicKey();
            }
        } catch (JoseException | RuntimeException e) {
            // no or bad key parameters: an x5c-only key is still usable
        }
        if (jwk.get("x5c") instanceof List<?> chain && !chain.isEmpty() && chain.get(0) instanceof String der) {
            try {
                return CertificateFactory.getInstance("X.509")
                        .generateCertificate(new ByteArrayInputStream(Base64.getMimeDecoder().decode(der))).getPublicKey();
            } catch (Exception e) {
                return null;
            }
        }
        return null;
    }
}
