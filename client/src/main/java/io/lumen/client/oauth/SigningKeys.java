package io.lumen.client.oauth;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Collections;

/**
 * Reads the private key of {@code private_key_jwt}: an unencrypted PKCS#8 PEM file
 * ({@code -----BEGIN PRIVATE KEY-----}) or an entry of a PKCS#12 or JKS key store; RSA or EC.
 */
final class SigningKeys {
    private static final String BEGIN = "-----BEGIN PRIVATE KEY-----";
    private static final String END = "-----END PRIVATE KEY-----";

    private SigningKeys() {
    }

    /**
     * The JWS algorithm for {@code key}: {@code configured} when the key can sign with it, else the
     * key's own (RS256 for RSA, ES256 for EC P-256).
     *
     * @throws IllegalArgumentException naming {@code origin} when they do not match, or for another key type or curve
     */
    static String algorithm(PrivateKey key, String configured, String origin) {
        String own;
        if (key instanceof RSAPrivateKey) {
            own = "RS256";
        } else if (key instanceof ECPrivateKey ec && ec.getParams().getCurve().getField().getFieldSize() == 256) {
            own = "ES256";
        } else {
            throw new IllegalArgumentException(origin + ": its key is " + key.getAlgorithm() + "; private_key_jwt takes an RSA "
                    + "key (RS256) or an EC P-256 key (ES256)");
        }
        if (configured != null && !configured.equals(own)) {
            throw new IllegalArgumentException(origin + ": its " + key.getAlgorithm() + " key cannot sign " + configured
                    + "; set algorithm: " + own + " or leave it out");
        }
        return own;
    }

    /**
     * The key under {@code alias} (null: the store's only key entry) of a PKCS#12 or JKS store.
     *
     * @throws IllegalArgumentException naming {@code origin} when it cannot be read or has no such key
     */
    static PrivateKey fromKeyStore(byte[] store, String storePass, String alias, String keyPass, String origin) {
        char[] pass = storePass == null ? new char[0] : storePass.toCharArray();
        try {
            KeyStore ks = KeyStore.getInstance("PKCS12"); // the JDK's PKCS12 keystore reads JKS files too
            ks.load(new ByteArrayInputStream(store), pass);
            String name = alias;
            if (name == null) {
                for (String a : Collections.list(ks.aliases())) {
                    if (ks.isKeyEntry(a)) {
                        if (name != null) {
                            throw new IllegalArgumentException(origin + ": holds several keys; name one with keyAlias");
                        }
                        name = a;
                    }
                }
            }
            Key key = name == null ? null : ks.getKey(name, keyPass == null ? pass : keyPass.toCharArray());
            if (!(key instanceof PrivateKey k)) {
                throw new IllegalArgumentException(origin + ": no private key" + (alias == null ? "" : " under alias '" + alias + "'"));
            }
            return k;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException(origin + ": cannot read the key store: " + e.getMessage(), e);
        }
    }

    /**
     * @param origin names the file in messages
     * @throws IllegalArgumentException naming {@code origin} when the text is not such a key
     */
    static PrivateKey fromPem(byte[] pem, String origin) {
        String text = new String(pem, StandardCharsets.US_ASCII);
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        if (begin < 0 || end < begin) {
            throw new IllegalArgumentException(origin + ": not an unencrypted PKCS#8 PEM key (" + BEGIN + " ... " + END
                    + "); convert with: openssl pkcs8 -topk8 -nocrypt -in key.pem");
        }
        byte[] der;
        try {
            der = Base64.getMimeDecoder().decode(text.substring(begin + BEGIN.length(), end));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(origin + ": the key is not valid base64");
        }
        for (String algorithm : new String[] {"RSA", "EC"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                // try the next algorithm
            }
        }
        throw new IllegalArgumentException(origin + ": neither an RSA nor an EC private key");
    }
}
