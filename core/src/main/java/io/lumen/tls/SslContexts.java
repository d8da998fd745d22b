package io.lumen.tls;

import io.lumen.config.ConfigException;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import java.security.GeneralSecurityException;
import java.security.KeyStore;

/** Builds {@link SSLContext}s from loaded stores. */
public final class SslContexts {
    private SslContexts() {
    }

    /**
     * A TLS context presenting the key in {@code keyStore} and, when {@code trustStore} is not null,
     * trusting the certificates in it (for client-certificate authentication).
     */
    public static SSLContext server(KeyStore keyStore, String keyPass, KeyStore trustStore, String origin) {
        try {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keyStore, keyPass == null ? new char[0] : keyPass.toCharArray());
            TrustManager[] trust = null;
            if (trustStore != null) {
                TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(trustStore);
                trust = tmf.getTrustManagers();
            }
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(kmf.getKeyManagers(), trust, null);
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new ConfigException(origin, 0, null, "cannot build the TLS context: " + e.getMessage()
                    + " (is keyPass right?)", e);
        }
    }
}
