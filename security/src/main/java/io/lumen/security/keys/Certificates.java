package io.lumen.security.keys;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.InputStream;
import java.security.PublicKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Loads {@code jwt.certificate}: kid -> X.509 certificate file (PEM or DER), found through the config
 * dirs then the classpath {@code config/}. Startup only; a missing or unreadable file is a
 * {@link ConfigException}. An expired certificate is only warned about: the key is what verifies a
 * signature, and tokens carry their own expiry.
 */
public final class Certificates {
    private static final Logger LOG = LoggerFactory.getLogger(Certificates.class);

    private Certificates() {
    }

    /** kid -> public key, in the map's order. */
    public static Map<String, PublicKey> load(ConfigLoader loader, Map<String, String> files) {
        Map<String, PublicKey> keys = new LinkedHashMap<>();
        files.forEach((kid, file) -> keys.put(kid, read(loader, kid, file)));
        return Map.copyOf(keys);
    }

    private static PublicKey read(ConfigLoader loader, String kid, String file) {
        try (InputStream in = loader.open(file)) {
            X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            Instant notAfter = cert.getNotAfter().toInstant();
            if (notAfter.isBefore(Instant.now())) {
                LOG.warn("security: certificate {} of kid '{}' expired on {}", file, kid, notAfter);
            } else if (notAfter.isBefore(Instant.now().plus(Duration.ofDays(30)))) {
                LOG.warn("security: certificate {} of kid '{}' expires on {}", file, kid, notAfter);
            }
            return cert.getPublicKey();
        } catch (ConfigException e) {
            throw new ConfigException("security.yml", 0, "jwt.certificate." + kid, e.getMessage(), e);
        } catch (Exception e) {
            throw new ConfigException("security.yml", 0, "jwt.certificate." + kid,
                    "cannot read X.509 certificate " + file + ": " + e.getMessage(), e);
        }
    }
}
