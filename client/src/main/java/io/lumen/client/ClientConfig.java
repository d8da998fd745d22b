package io.lumen.client;

import io.lumen.client.discovery.DiscoveryConfig;
import io.lumen.config.ConfigLoader;
import io.lumen.tls.KeyStores;
import io.lumen.tls.SslContexts;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.URISyntaxException;
import javax.net.ssl.SSLContext;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code client.yml}, bound once by {@link io.lumen.config.ConfigLoader}. The {@code tls} and
 * {@code request} keys are light-4j's; the pool, retry and protocol keys are Lumen's additions.
 * Every missing key takes the default below, so an empty file gives a working client.
 *
 * @param tls       TLS settings, per client (never JVM-wide)
 * @param request   timeouts, breaker, protocols and pool
 * @param discovery DNS discovery: requests to the origins in {@code discovery.hosts} are spread over
 *                  every address their name resolves to (off)
 * @param oauth     light-4j's OAuth 2.0 token section, read by {@link io.lumen.client.oauth.ClientTokens}
 * @param pathPrefixServices light-4j's request path prefix -> target service id, which picks the
 *                  service's token server (the proxy's {@code token} handler); empty
 */
public record ClientConfig(Tls tls, Request request, DiscoveryConfig discovery, OAuthConfig oauth,
                           Map<String, String> pathPrefixServices) {

    public ClientConfig {
        tls = tls == null ? new Tls(null, null, null, null, null, null, null, null, null, null) : tls;
        request = request == null ? new Request(null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null) : request;
        discovery = discovery == null ? DiscoveryConfig.disabled() : discovery;
        oauth = oauth == null ? new OAuthConfig(null, null, null, null) : oauth;
        pathPrefixServices = pathPrefixServices == null ? Map.of() : Map.copyOf(pathPrefixServices);
        for (String prefix : pathPrefixServices.keySet()) {
            if (!prefix.startsWith("/")) {
                throw new IllegalArgumentException("pathPrefixServices: a path prefix starts with '/', got '" + prefix + "'");
            }
        }
        for (String h : discovery.hosts()) {
            discoveredOrigin(h);
        }
    }

    /**
     * An entry of {@code discovery.hosts}: {@code scheme://name:port} whose name is looked up
     * through DNS (an address needs no discovery).
     */
    public static URI discoveredOrigin(String entry) {
        URI u;
        try {
            u = new URI(entry);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("discovery.hosts: '" + entry + "' is not a URL: " + e.getReason());
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme();
        if (!scheme.equals("http") && !scheme.equals("https") || u.getHost() == null) {
            throw new IllegalArgumentException("discovery.hosts: '" + entry + "' must be http://name[:port] or https://name[:port]");
        }
        if (DiscoveryConfig.isAddressLiteral(u.getHost())) {
            throw new IllegalArgumentException("discovery.hosts: '" + entry + "' is an address, not a name to look up");
        }
        return u;
    }

    /** All defaults. */
    public static ClientConfig defaults() {
        return new ClientConfig(null, null, null, null, null);
    }

    /**
     * @param verifyHostname        check that the server certificate names the host we connect to (true)
     * @param loadDefaultTrustStore also trust the JDK's default CAs (true)
     * @param loadTrustStore        trust the certificates in {@code trustStore} (true when the store is found)
     * @param trustStore            trust store file, found through the config dirs (client.truststore)
     * @param trustStorePass        trust store password
     * @param loadKeyStore          present the key in {@code keyStore} for mutual TLS (false)
     * @param keyStore              key store file (client.keystore)
     * @param keyStorePass          key store password
     * @param keyPass               key password (defaults to keyStorePass)
     * @param tlsVersion            highest TLS version: TLSv1.3 (offers 1.3 and 1.2) or TLSv1.2 (only 1.2)
     */
    public record Tls(Boolean verifyHostname, Boolean loadDefaultTrustStore, Boolean loadTrustStore,
                      String trustStore, String trustStorePass, Boolean loadKeyStore, String keyStore,
                      String keyStorePass, String keyPass, String tlsVersion) {
        public Tls {
            verifyHostname = verifyHostname == null || verifyHostname;
            loadDefaultTrustStore = loadDefaultTrustStore == null || loadDefaultTrustStore;
            loadTrustStore = loadTrustStore == null || loadTrustStore;
            trustStore = trustStore == null ? "client.truststore" : trustStore;
            trustStorePass = trustStorePass == null ? "" : trustStorePass;
            loadKeyStore = loadKeyStore != null && loadKeyStore;
            keyStore = keyStore == null ? "client.keystore" : keyStore;
            keyStorePass = keyStorePass == null ? "" : keyStorePass;
            keyPass = keyPass == null || keyPass.isEmpty() ? keyStorePass : keyPass;
            tlsVersion = tlsVersion == null ? "TLSv1.3" : tlsVersion;
            if (!tlsVersion.equals("TLSv1.3") && !tlsVersion.equals("TLSv1.2")) {
                throw new IllegalArgumentException("tlsVersion must be TLSv1.3 or TLSv1.2, got '" + tlsVersion + "'");
            }
        }

        /**
         * The SSL context this section describes, built by core's {@link SslContexts#client}: for
         * components that open connections without a {@link LumenClient}, such as the reverse proxy.
         *
         * @param file the config file the section came from, for messages (e.g. {@code proxy.yml})
         * @throws io.lumen.config.ConfigException when a named store cannot be read
         */
        public SSLContext sslContext(ConfigLoader loader, String file) {
            KeyStore key = keyStore(loader, file);
            return SslContexts.client(trustStores(loader, file), loadDefaultTrustStore, key,
                    key == null ? null : keyPass.toCharArray(), verifyHostname, tlsVersion, new ConcurrentHashMap<>());
        }

        /**
         * {@code trustStore} found through the config dirs when {@code loadTrustStore}; empty when not
         * asked for, or when missing (a warning: then only the JDK's CAs, if any, are trusted).
         */
        public List<KeyStore> trustStores(ConfigLoader loader, String file) {
            if (!loadTrustStore) {
                return List.of();
            }
            if (loader.locate(trustStore).isEmpty()) {
                LoggerFactory.getLogger(ClientConfig.class).warn(
                        "{}: tls.trustStore '{}' not found in {} or classpath config/: trusting {}", file, trustStore,
                        loader.configDirs(), loadDefaultTrustStore ? "the JDK's CAs only" : "nothing");
                return List.of();
            }
            return List.of(KeyStores.load(loader, trustStore, trustStorePass, file + ": tls.trustStore"));
        }

        /** {@code keyStore} found through the config dirs when {@code loadKeyStore}, else null. */
        public KeyStore keyStore(ConfigLoader loader, String file) {
            return loadKeyStore ? KeyStores.load(loader, keyStore, keyStorePass, file + ": tls.keyStore") : null;
        }
    }

    /**
     * @param connectTimeout        ms to open a connection, TLS handshake included (2000)
     * @param timeout               ms for a whole request, waiting for a connection included (3000)
     * @param errorThreshold        consecutive failures that open an origin's circuit breaker (2)
     * @param resetTimeout          ms an open breaker waits before letting one trial request through (7000)
     * @param enableHttp2           offer HTTP/2 by ALPN on TLS, falling back to HTTP/1.1 (true)
     * @param connectionPoolSize    maximum connections per origin (1000)
     * @param maxReqPerConn         requests after which a connection is retired (1000000)
     * @param connectionExpireTime  ms after which a connection is retired; closed once idle (1800000)
     * @param idleTimeout           ms an unused connection stays open (60000)
     * @param maxQueue              requests that may wait for a connection per origin (1000)
     * @param maxRetries            extra attempts after a failure, see {@link LumenClient} (1)
     * @param h2c                   cleartext HTTP/2 with prior knowledge for http:// origins (false)
     * @param maxStreamsPerConnection HTTP/2 streams per connection when the server announces no limit or a higher one (1000)
     * @param ioThreads             IO threads of the client's own XNIO worker (cores, at most 4)
     * @param bufferSize            IO buffer size in bytes (16384)
     * @param maxResponseSize       largest response body accepted, in bytes (16777216)
     */
    public record Request(Integer connectTimeout, Integer timeout, Integer errorThreshold, Integer resetTimeout,
                          Boolean enableHttp2, Integer connectionPoolSize, Long maxReqPerConn,
                          Long connectionExpireTime, Long idleTimeout, Integer maxQueue, Integer maxRetries,
                          Boolean h2c, Integer maxStreamsPerConnection, Integer ioThreads, Integer bufferSize,
                          Integer maxResponseSize) {
        public Request {
            connectTimeout = atLeast("connectTimeout", connectTimeout, 2000, 1);
            timeout = atLeast("timeout", timeout, 3000, 1);
            errorThreshold = atLeast("errorThreshold", errorThreshold, 2, 1);
            resetTimeout = atLeast("resetTimeout", resetTimeout, 7000, 0);
            enableHttp2 = enableHttp2 == null || enableHttp2;
            connectionPoolSize = atLeast("connectionPoolSize", connectionPoolSize, 1000, 1);
            maxReqPerConn = maxReqPerConn == null ? 1_000_000L : maxReqPerConn;
            if (maxReqPerConn < 1) {
                throw new IllegalArgumentException("maxReqPerConn must be at least 1, got " + maxReqPerConn);
            }
            connectionExpireTime = connectionExpireTime == null ? 1_800_000L : connectionExpireTime;
            idleTimeout = idleTimeout == null ? 60_000L : idleTimeout;
            if (connectionExpireTime < 1 || idleTimeout < 1) {
                throw new IllegalArgumentException("connectionExpireTime and idleTimeout must be positive");
            }
            maxQueue = atLeast("maxQueue", maxQueue, 1000, 0);
            maxRetries = atLeast("maxRetries", maxRetries, 1, 0);
            h2c = h2c != null && h2c;
            maxStreamsPerConnection = atLeast("maxStreamsPerConnection", maxStreamsPerConnection, 1000, 1);
            ioThreads = atLeast("ioThreads", ioThreads,
                    Math.min(4, Runtime.getRuntime().availableProcessors()), 1);
            bufferSize = atLeast("bufferSize", bufferSize, 16384, 1024);
            maxResponseSize = atLeast("maxResponseSize", maxResponseSize, 16 << 20, 1);
        }

        private static int atLeast(String key, Integer value, int dflt, int min) {
            int v = value == null ? dflt : value;
            if (v < min) {
                throw new IllegalArgumentException(key + " must be at least " + min + ", got " + v);
            }
            return v;
        }
    }
}
