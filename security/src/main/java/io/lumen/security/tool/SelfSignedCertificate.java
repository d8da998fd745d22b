package io.lumen.security.tool;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A self-signed X.509 v3 certificate for an RSA key pair (SHA256withRSA, subject = issuer = {@code CN=<name>},
 * no extensions), written as DER with a minimal ASN.1 encoder so the dev tool needs neither BouncyCastle nor
 * an external {@code keytool}. Development certificates only: it carries a public key for JWT verification,
 * nothing else.
 */
public final class SelfSignedCertificate {
    private static final int[] SHA256_WITH_RSA = {1, 2, 840, 113549, 1, 1, 11};
    private static final int[] COMMON_NAME = {2, 5, 4, 3};

    private SelfSignedCertificate() {
    }

    /** Builds and signs the certificate, valid from {@code notBefore} to {@code notAfter}. */
    public static X509Certificate create(KeyPair pair, String commonName, Instant notBefore, Instant notAfter)
            throws GeneralSecurityException {
        if (!"RSA".equals(pair.getPublic().getAlgorithm())) {
            throw new IllegalArgumentException("only RSA key pairs are supported");
        }
        byte[] algorithm = seq(oid(SHA256_WITH_RSA), new byte[] {0x05, 0x00});
        byte[] name = seq(set(seq(oid(COMMON_NAME), tlv(0x0c, commonName.getBytes(StandardCharsets.UTF_8)))));
        byte[] serial = tlv(0x02, new BigInteger(64, new SecureRandom()).setBit(62).toByteArray());
        byte[] tbs = seq(
                tlv(0xa0, tlv(0x02, new byte[] {2})), // [0] EXPLICIT version v3
                serial, algorithm, name,
                seq(time(notBefore), time(notAfter)),
                name,
                pair.getPublic().getEncoded()); // SubjectPublicKeyInfo, already DER
        Signature signer = Signature.getInstance("SHA256withRSA");
        signer.initSign(pair.getPrivate());
        signer.update(tbs);
        byte[] signature = signer.sign();
        byte[] bits = new byte[signature.length + 1]; // BIT STRING: leading "unused bits" octet
        System.arraycopy(signature, 0, bits, 1, signature.length);
        byte[] der = seq(tbs, algorithm, tlv(0x03, bits));
        return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
    }

    private static byte[] time(Instant t) {
        var utc = t.atOffset(ZoneOffset.UTC);
        if (utc.getYear() < 2050) { // RFC 5280: UTCTime through 2049, GeneralizedTime from 2050
            return tlv(0x17, DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").format(utc).getBytes(StandardCharsets.US_ASCII));
        }
        return tlv(0x18, DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'").format(utc).getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] oid(int[] arcs) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(arcs[0] * 40 + arcs[1]);
        for (int i = 2; i < arcs.length; i++) {
            int v = arcs[i];
            int shift = 28;
            while (shift > 0 && (v >>> shift) == 0) {
                shift -= 7;
            }
            for (; shift > 0; shift -= 7) {
                out.write(0x80 | ((v >>> shift) & 0x7f));
            }
            out.write(v & 0x7f);
        }
        return tlv(0x06, out.toByteArray());
    }

    private static byte[] seq(byte[]... parts) {
        return tlv(0x30, concat(parts));
    }

    private static byte[] set(byte[]... parts) {
        return tlv(0x31, concat(parts));
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** Tag, DER length (short or long form), content. */
    static byte[] tlv(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(content.length + 6);
        out.write(tag);
        int len = content.length;
        if (len < 0x80) {
            out.write(len);
        } else {
            int bytes = len > 0xffffff ? 4 : len > 0xffff ? 3 : len > 0xff ? 2 : 1;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(len >>> (8 * i));
            }
        }
        out.writeBytes(content);
        return out.toByteArray();
    }
}
