package io.lumen.security.tool;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;

/** PEM text for certificates and PKCS#8 private keys, and reading a PKCS#8 (RSA or EC) private key back. */
public final class Pem {
    private Pem() {
    }

    /** {@code -----BEGIN <type>-----}, base64 in 64-character lines, {@code -----END <type>-----}. */
    public static String encode(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }

    /** A {@code PRIVATE KEY} (PKCS#8) PEM; RSA or EC. */
    public static PrivateKey privateKey(String pem) throws GeneralSecurityException {
        if (pem.contains("BEGIN RSA PRIVATE KEY") || pem.contains("BEGIN EC PRIVATE KEY")) {
            throw new GeneralSecurityException("a PKCS#1/SEC1 key: convert it with "
                    + "'openssl pkcs8 -topk8 -nocrypt -in key.pem -out key.pk8.pem'");
        }
        int begin = pem.indexOf("-----BEGIN PRIVATE KEY-----");
        int end = pem.indexOf("-----END PRIVATE KEY-----");
        if (begin < 0 || end < begin) {
            throw new GeneralSecurityException("no '-----BEGIN PRIVATE KEY-----' block");
        }
        String b64 = pem.substring(begin + "-----BEGIN PRIVATE KEY-----".length(), end).replaceAll("\\s", "");
        PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(Base64.getDecoder().decode(b64));
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(spec);
        } catch (GeneralSecurityException notRsa) {
            return KeyFactory.getInstance("EC").generatePrivate(spec);
        }
    }
}
