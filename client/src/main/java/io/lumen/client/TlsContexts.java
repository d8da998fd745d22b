package io.lumen.client;

import io.lumen.config.ConfigLoader;
import io.lumen.tls.KeyStores;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLContext;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An {@link SSLContext} for outbound connections from a {@code tls} section shaped like
 * client.yml's: trust and key stores found through the config dirs, hostname verification and TLS
 * versions built into the context (never JVM-wide). For components that open connections without
 * a {@link LumenClient}, such as the reverse proxy.
 */
public final class TlsContexts {
    private static final Logger LOG = LoggerFactory.getLogger(TlsContexts.class);

    private TlsContexts() {
    }

    /** @param file the config file the section came from, for error messages (e.g. {@code proxy.yml}) */
    public static SSLContext fromConfig(ConfigLoader loader, ClientConfig.Tls tls, String file) {
        List<KeyStore> trust = new ArrayList<>();
        if (tls.loadTrustStore()) {
            if (loader.locate(tls.trustStore()).isPresent()) {
                trust.add(KeyStores.load(loader, tls.trustStore(), tls.trustStorePass(), file + ": tls.trustStore"));
            } else {
                LOG.warn("{}: tls.trustStore '{}' not found in {} or classpath config/: trusting {}", file,
                        tls.trustStore(), loader.configDirs(), tls.loadDefaultTrustStore() ? "the JDK's CAs only" : "nothing");
            }
        }
        KeyStore key = tls.loadKeyStore()
                ? KeyStores.load(loader, tls.keyStore(), tls.keyStorePass(), file + ": tls.keyStore") : null;
        return ClientTls.build(trust, tls.loadDefaultTrustStore(), key, tls.keyPass().toCharArray(),
                tls.verifyHostname(), tls.tlsVersion(), new ConcurrentHashMap<>());
    }
}
