package io.lumen.client.oauth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;

/** Reads an unencrypted PKCS#8 private key in PEM ({@code -----BEGIN PRIVATE KEY-----}), RSA or EC. */
final class PemKeys {
    private static final String BEGIN = "-----BEGIN PRIVATE KEY-----";
    private static final String END = "-----END PRIVATE KEY-----";

    private PemKeys() {
    }

    /**
     * @param origin names the file in messages
     * @throws IllegalArgumentException naming {@code origin} when the text is not such a key
     */
    static PrivateKey privateKey(byte[] pem, String origin) {
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
