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
 * The engine factory of a client context: every engine it creates is in client mode with endpoint
 * identification {@code HTTPS} (or none) and the given protocols, so two contexts in one JVM can
 * differ and no JVM-wide property is touched. Everything else is the delegate's. Immutable.
 */
final class ClientEngines extends SSLContextSpi {
    private final SSLContext delegate;
    private final boolean verifyHostname;
    private final String[] protocols;

    ClientEngines(SSLContext delegate, boolean verifyHostname, String[] protocols) {
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
