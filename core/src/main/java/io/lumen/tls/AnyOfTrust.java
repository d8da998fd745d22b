package io.lumen.tls;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;
import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Trusts a chain that any of its managers trusts (the configured store, then the JDK's CAs), and
 * remembers the last rejection per {@code host:port}: Undertow reports a failed handshake as a
 * closed channel, and the client uses this to answer ERR19025 with the real reason instead.
 * Thread-safe when {@code rejected} is a concurrent map (handshakes run on several IO threads).
 */
final class AnyOfTrust extends X509ExtendedTrustManager {
    private final List<X509ExtendedTrustManager> managers;
    private final Map<String, String> rejected;

    AnyOfTrust(List<X509ExtendedTrustManager> managers, Map<String, String> rejected) {
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
