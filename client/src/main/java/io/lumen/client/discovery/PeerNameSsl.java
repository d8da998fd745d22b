package io.lumen.client.discovery;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import java.security.KeyManagementException;
import java.security.SecureRandom;

/**
 * TLS to one address of a discovered name: connections go to the address, but the handshake
 * presents the name (SNI) and checks the certificate against it, as if the name had been
 * connected to. Undertow's client names the TLS peer after the host of the URI it connects to
 * (here the address); this context hands out engines for the discovered name instead. Everything
 * else is the wrapped context's.
 */
public final class PeerNameSsl {
    private PeerNameSsl() {
    }

    /** {@code base}, but every client engine it creates talks to {@code name}. */
    public static SSLContext forName(SSLContext base, String name) {
        return new Named(base, name);
    }

    private static final class Named extends SSLContext {
        Named(SSLContext base, String name) {
            super(new Spi(base, name), base.getProvider(), base.getProtocol());
        }
    }

    private static final class Spi extends SSLContextSpi {
        private final SSLContext base;
        private final String name;

        Spi(SSLContext base, String name) {
            this.base = base;
            this.name = name;
        }

        @Override
        protected void engineInit(javax.net.ssl.KeyManager[] km, javax.net.ssl.TrustManager[] tm, SecureRandom sr)
                throws KeyManagementException {
            throw new KeyManagementException("already initialised: it wraps a ready context");
        }

        @Override
        protected SSLSocketFactory engineGetSocketFactory() {
            return base.getSocketFactory();
        }

        @Override
        protected SSLServerSocketFactory engineGetServerSocketFactory() {
            return base.getServerSocketFactory();
        }

        @Override
        protected SSLEngine engineCreateSSLEngine() {
            return base.createSSLEngine();
        }

        @Override
        protected SSLEngine engineCreateSSLEngine(String host, int port) {
            return base.createSSLEngine(name, port); // the name, not the address connected to
        }

        @Override
        protected SSLSessionContext engineGetServerSessionContext() {
            return base.getServerSessionContext();
        }

        @Override
        protected SSLSessionContext engineGetClientSessionContext() {
            return base.getClientSessionContext();
        }

        @Override
        protected SSLParameters engineGetDefaultSSLParameters() {
            return base.getDefaultSSLParameters();
        }

        @Override
        protected SSLParameters engineGetSupportedSSLParameters() {
            return base.getSupportedSSLParameters();
        }
    }
}
