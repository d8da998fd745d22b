package io.lumen.tls;

import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import java.security.KeyManagementException;
import java.security.SecureRandom;

/**
 * The engine factory of a client context, in one of two ways. Shaping: every engine it creates is
 * in client mode with endpoint identification {@code HTTPS} (or none) and the given protocols, so
 * two contexts in one JVM can differ and no JVM-wide property is touched. Renaming: every engine is
 * the delegate's, made for a fixed peer name instead of the host the caller names (TLS to one
 * address of a discovered name: SNI and the certificate check use the name). Everything else is the
 * delegate's. Immutable.
 */
final class ClientEngines extends SSLContextSpi {
    private final SSLContext delegate;
    private final String peerName; // null: the host the caller names
    private final boolean verifyHostname;
    private final String[] protocols; // null: the delegate's engines as they are

    private ClientEngines(SSLContext delegate, String peerName, boolean verifyHostname, String[] protocols) {
        this.delegate = delegate;
        this.peerName = peerName;
        this.verifyHostname = verifyHostname;
        this.protocols = protocols;
    }

    /** Engines in client mode with this hostname verification and these protocols. */
    static ClientEngines shaping(SSLContext delegate, boolean verifyHostname, String[] protocols) {
        return new ClientEngines(delegate, null, verifyHostname, protocols);
    }

    /** The delegate's engines, each made for {@code peerName}. */
    static ClientEngines renaming(SSLContext delegate, String peerName) {
        return new ClientEngines(delegate, peerName, false, null);
    }

    private SSLEngine configure(SSLEngine engine) {
        if (protocols == null) {
            return engine;
        }
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
        return configure(delegate.createSSLEngine(peerName != null ? peerName : host, port));
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
