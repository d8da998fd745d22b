package io.lumen.client;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyManagementException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The TLS context of one client. Hostname verification and protocol versions are set on every
 * {@link SSLEngine} this context creates (endpoint identification {@code HTTPS}), so two clients in
 * one JVM can differ and no JVM-wide property is ever touched.
 */
final class ClientTls {
    private ClientTls() {
    }

    /**
     * @param trustStores stores whose certificates are trusted (may be empty)
     * @param defaultCas  also trust the JDK's default CAs
     * @param keyStore    the client key for mutual TLS, or null
     */
    static SSLContext build(List<KeyStore> trustStores, boolean defaultCas, KeyStore keyStore, char[] keyPass,
                            boolean verifyHostname, String tlsVersion, Map<String, String> rejected) {
        try {
            List<X509ExtendedTrustManager> managers = new ArrayList<>();
            for (KeyStore ks : trustStores) {
                managers.add(trustManager(ks));
            }
            if (defaultCas || managers.isEmpty()) {
                managers.add(trustManager(null));
            }
            KeyManager[] keys = null;
            if (keyStore != null) {
                KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(keyStore, keyPass == null ? new char[0] : keyPass);
                keys = kmf.getKeyManagers();
            }
            TrustManager trust = new AnyOf(managers, rejected);
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(keys, new TrustManager[] {trust}, null);
            return configure(ctx, verifyHostname, tlsVersion);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot build the client TLS context: " + e.getMessage(), e);
        }
    }

    /** Wraps {@code ctx} so every engine it creates verifies hostnames (or not) and speaks the given versions. */
    static SSLContext configure(SSLContext ctx, boolean verifyHostname, String tlsVersion) {
        String[] protocols = "TLSv1.2".equals(tlsVersion) ? new String[] {"TLSv1.2"}
                : new String[] {"TLSv1.3", "TLSv1.2"};
        return new SSLContext(new Spi(ctx, verifyHostname, protocols), ctx.getProvider(), ctx.getProtocol()) { };
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

    /** Sets endpoint identification and protocols on each engine; everything else is the delegate's. */
    private static final class Spi extends SSLContextSpi {
        private final SSLContext delegate;
        private final boolean verifyHostname;
        private final String[] protocols;

        Spi(SSLContext delegate, boolean verifyHostname, String[] protocols) {
            this.delegate = delegate;
            this.verifyHostname = verifyHostname;
            this.protocols = protocols;
        }

        private SSLEngine configure(SSLEngine engine) {
            SSLParameters p = engine.getSSLParameters();
            p.setEndpointIdentificationAlgorithm(verifyHostname ? "HTTPS" : null);
            p.setProtocols(protocols);
            engine.setSSLParameters(p);
            engine.setUseClientMode(true);
            return engine;
        }

        @Override
        protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom sr) throws KeyManagementException {
            throw new KeyManagementException("already initialised");
        }

        @Override
        protected SSLSocketFactory engineGetSocketFactory() {
            return delegate.getSocketFactory();
        }

        @Override
        protected SSLServerSocketFactory engineGetServerSocketFactory() {
            return delegate.getServerSocketFactory();
        }

        @Override
        protected SSLEngine engineCreateSSLEngine() {
            return configure(delegate.createSSLEngine());
        }

        @Override
        protected SSLEngine engineCreateSSLEngine(String host, int port) {
            return configure(delegate.createSSLEngine(host, port));
        }

        @Override
        protected SSLSessionContext engineGetServerSessionContext() {
            return delegate.getServerSessionContext();
        }

        @Override
        protected SSLSessionContext engineGetClientSessionContext() {
            return delegate.getClientSessionContext();
        }

        @Override
        protected SSLParameters engineGetDefaultSSLParameters() {
            return delegate.getDefaultSSLParameters();
        }

        @Override
        protected SSLParameters engineGetSupportedSSLParameters() {
            return delegate.getSupportedSSLParameters();
        }
    }

    /**
     * Trusts a chain that any of its managers trusts (the configured store, then the JDK's CAs), and
     * remembers the last rejection per {@code host:port}: Undertow reports a failed handshake as a
     * closed channel, and the client uses this to answer ERR13005 with the real reason instead.
     */
    private static final class AnyOf extends X509ExtendedTrustManager {
        private final List<X509ExtendedTrustManager> managers;
        private final Map<String, String> rejected;

        AnyOf(List<X509ExtendedTrustManager> managers, Map<String, String> rejected) {
            this.managers = List.copyOf(managers);
            this.rejected = rejected;
        }

        private interface Check {
            void run(X509ExtendedTrustManager m) throws CertificateException;
        }

        private void any(Check check) throws CertificateException {
            CertificateException first = null;
            for (X509ExtendedTrustManager m : managers) {
                try {
                    check.run(m);
                    return;
                } catch (CertificateException e) {
                    if (first == null) {
                        first = e;
                    }
                }
            }
            throw first;
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            String key = engine.getPeerHost() + ":" + engine.getPeerPort();
            try {
                any(m -> m.checkServerTrusted(chain, authType, engine));
                rejected.remove(key);
            } catch (CertificateException e) {
                rejected.put(key, e.getMessage() == null ? e.toString() : e.getMessage());
                throw e;
            }
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            any(m -> m.checkServerTrusted(chain, authType, socket));
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            any(m -> m.checkServerTrusted(chain, authType));
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            throw new CertificateException("a client context does not check client certificates");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            throw new CertificateException("a client context does not check client certificates");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("a client context does not check client certificates");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            List<X509Certificate> all = new ArrayList<>();
            for (X509TrustManager m : managers) {
                all.addAll(List.of(m.getAcceptedIssuers()));
            }
            return all.toArray(new X509Certificate[0]);
        }
    }
}
