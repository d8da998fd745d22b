package io.lumen.tls;

import io.lumen.config.ConfigException;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds every {@link SSLContext} of Lumen from loaded stores: the server's (listeners, client
 * certificates) and the outbound ones of the HTTP client and the proxy (trust stores, the JDK's
 * CAs, a client key for mutual TLS, hostname verification and protocol versions per context).
 * Startup only; the contexts are immutable and thread-safe.
 */
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

    /**
     * A context for outbound connections. Its engines are in client mode, verify the server's name
     * (endpoint identification {@code HTTPS}, DNS and IP SANs) when {@code verifyHostname}, and speak
     * TLS 1.3 and 1.2, or 1.2 only for {@code tlsVersion} {@code TLSv1.2}; nothing JVM-wide is set,
     * so contexts with different settings work side by side.
     *
     * @param trustStores     stores whose certificates are trusted (may be empty)
     * @param trustDefaultCas also trust the JDK's default CAs (always, when no store is given)
     * @param keyStore        the client key for mutual TLS, or null
     * @param rejections      receives {@code host:port -> reason} when a server certificate is rejected,
     *                        and loses the entry when one is accepted; a concurrent map
     * @throws IllegalArgumentException when the stores cannot make a context (e.g. a wrong key password)
     */
    public static SSLContext client(List<KeyStore> trustStores, boolean trustDefaultCas, KeyStore keyStore,
                                    char[] keyPass, boolean verifyHostname, String tlsVersion,
                                    Map<String, String> rejections) {
        try {
            List<X509ExtendedTrustManager> managers = new ArrayList<>();
            for (KeyStore ks : trustStores) {
                managers.add(trustManager(ks));
            }
            if (trustDefaultCas || managers.isEmpty()) {
                managers.add(trustManager(null));
            }
            KeyManager[] keys = null;
            if (keyStore != null) {
                KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(keyStore, keyPass == null ? new char[0] : keyPass);
                keys = kmf.getKeyManagers();
            }
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(keys, new TrustManager[] {new AnyOfTrust(managers, rejections)}, null);
            return clientEngines(ctx, verifyHostname, tlsVersion);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot build the client TLS context: " + e.getMessage(), e);
        }
    }

    /**
     * {@code context} (a ready one, e.g. an application's), but every engine it creates is a client
     * engine with this hostname verification and these protocol versions, as in {@link #client}.
     */
    public static SSLContext clientEngines(SSLContext context, boolean verifyHostname, String tlsVersion) {
        String[] protocols = "TLSv1.2".equals(tlsVersion) ? new String[] {"TLSv1.2"}
                : new String[] {"TLSv1.3", "TLSv1.2"};
        return new SSLContext(ClientEngines.shaping(context, verifyHostname, protocols), context.getProvider(),
                context.getProtocol()) { };
    }

    /**
     * {@code context}, but every client engine it creates talks to {@code peerName}: for TLS to one
     * address of a discovered name, the handshake presents the name (SNI) and checks the
     * certificate against it, as if the name had been connected to. (Undertow's client names the
     * TLS peer after the host of the URI it connects to, here the address.)
     */
    public static SSLContext forPeerName(SSLContext context, String peerName) {
        return new SSLContext(ClientEngines.renaming(context, peerName), context.getProvider(),
                context.getProtocol()) { };
    }

    private static X509ExtendedTrustManager trustManager(KeyStore ks) throws GeneralSecurityException {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        for (TrustManager tm : tmf.getTrustManagers()) {
            if (tm instanceof X509ExtendedTrustManager x) {
                return x;
            }
        }
        throw new GeneralSecurityException("no X509 trust manager");
    }
}
