package io.lumen.server;

/**
 * {@code server.yml}, bound once at startup. Keys are light-4j's; every missing key takes the
 * default below, so an empty file runs an HTTP server on 8080.
 *
 * @param ip                            listen address (0.0.0.0)
 * @param httpPort                      HTTP port (8080); 0 picks a free port
 * @param enableHttp                    open the HTTP listener (true)
 * @param httpsPort                     HTTPS port (8443); 0 picks a free port
 * @param enableHttps                   open the HTTPS listener (false)
 * @param enableHttp2                   HTTP/2: ALPN on TLS, h2c (upgrade and prior knowledge) on cleartext (true)
 * @param keystoreName                  server key store, found through the config dirs (server.keystore); PKCS12 or JKS
 * @param keystorePass                  key store password
 * @param keyPass                       key password (defaults to keystorePass)
 * @param enableTwoWayTls               require a client certificate trusted by the trust store (false)
 * @param truststoreName                trust store for client certificates (server.truststore)
 * @param truststorePass                trust store password
 * @param serviceId                     the service's id, for logs and info
 * @param environment                   deployment environment name, for logs and info
 * @param shutdownGracefulPeriod        ms that in-flight requests may take to finish at shutdown (2000)
 * @param shutdownDelay                 ms between the stop signal and the drain, readiness already false and
 *                                      requests still served, so that load balancers and proxies' health checks
 *                                      stop sending before new requests are refused (0)
 * @param bufferSize                    IO buffer size in bytes (16384)
 * @param ioThreads                     IO threads (number of cores)
 * @param workerThreads                 worker threads for blocking handlers (200)
 * @param backlog                       listen backlog (10000)
 * @param alwaysSetDate                 send a Date header (true)
 * @param serverString                  value of the Server header; empty (the default) sends none
 * @param allowUnescapedCharactersInUrl accept non-ASCII bytes in the URL (false)
 * @param maxTransferFileSize           maximum request entity in bytes (1000000)
 * @param blockingExecutor              where blocking handlers run: auto (virtual threads on Java 21+, else
 *                                      worker), virtual, worker (auto)
 * @param requestHeaderTimeout          ms a request's line and headers may take to arrive once they have
 *                                      started; a slower connection is closed (30000; 0 = no limit)
 * @param requestBodyIdleTimeout        ms a handler may wait for the next bytes of a request body; then
 *                                      408 and the connection is closed (30000; 0 = no limit)
 * @param http2MaxConcurrentStreams     HTTP/2 streams one connection may have open, advertised in
 *                                      SETTINGS_MAX_CONCURRENT_STREAMS; more are refused (100)
 */
public record ServerConfig(
        String ip,
        Integer httpPort,
        Boolean enableHttp,
        Integer httpsPort,
        Boolean enableHttps,
        Boolean enableHttp2,
        String keystoreName,
        String keystorePass,
        String keyPass,
        Boolean enableTwoWayTls,
        String truststoreName,
        String truststorePass,
        String serviceId,
        String environment,
        Long shutdownGracefulPeriod,
        Long shutdownDelay,
        Integer bufferSize,
        Integer ioThreads,
        Integer workerThreads,
        Integer backlog,
        Boolean alwaysSetDate,
        String serverString,
        Boolean allowUnescapedCharactersInUrl,
        Long maxTransferFileSize,
        String blockingExecutor,
        Integer requestHeaderTimeout,
        Integer requestBodyIdleTimeout,
        Integer http2MaxConcurrentStreams) {

    public ServerConfig {
        ip = orDefault(ip, "0.0.0.0");
        httpPort = port("httpPort", orDefault(httpPort, 8080));
        enableHttp = orDefault(enableHttp, true);
        httpsPort = port("httpsPort", orDefault(httpsPort, 8443));
        enableHttps = orDefault(enableHttps, false);
        enableHttp2 = orDefault(enableHttp2, true);
        keystoreName = orDefault(keystoreName, "server.keystore");
        keystorePass = orDefault(keystorePass, "");
        keyPass = keyPass == null || keyPass.isEmpty() ? keystorePass : keyPass;
        enableTwoWayTls = orDefault(enableTwoWayTls, false);
        truststoreName = orDefault(truststoreName, "server.truststore");
        truststorePass = orDefault(truststorePass, "");
        serviceId = orDefault(serviceId, "lumen-service");
        environment = orDefault(environment, "dev");
        shutdownGracefulPeriod = atLeast("shutdownGracefulPeriod", orDefault(shutdownGracefulPeriod, 2000L), 0);
        shutdownDelay = atLeast("shutdownDelay", orDefault(shutdownDelay, 0L), 0);
        bufferSize = atLeast("bufferSize", orDefault(bufferSize, 16384), 512);
        ioThreads = atLeast("ioThreads", orDefault(ioThreads, Runtime.getRuntime().availableProcessors()), 1);
        workerThreads = atLeast("workerThreads", orDefault(workerThreads, 200), 1);
        backlog = atLeast("backlog", orDefault(backlog, 10000), 1);
        alwaysSetDate = orDefault(alwaysSetDate, true);
        serverString = serverString == null ? "" : serverString; // empty: no Server header
        allowUnescapedCharactersInUrl = orDefault(allowUnescapedCharactersInUrl, false);
        maxTransferFileSize = atLeast("maxTransferFileSize", orDefault(maxTransferFileSize, 1_000_000L), 0);
        blockingExecutor = orDefault(blockingExecutor, "auto");
        if (!blockingExecutor.equals("auto") && !blockingExecutor.equals("virtual") && !blockingExecutor.equals("worker")) {
            throw new IllegalArgumentException("blockingExecutor must be auto, virtual or worker, got '" + blockingExecutor + "'");
        }
        requestHeaderTimeout = atLeast("requestHeaderTimeout", orDefault(requestHeaderTimeout, 30_000), 0);
        requestBodyIdleTimeout = atLeast("requestBodyIdleTimeout", orDefault(requestBodyIdleTimeout, 30_000), 0);
        http2MaxConcurrentStreams = atLeast("http2MaxConcurrentStreams", orDefault(http2MaxConcurrentStreams, 100), 1);
        if (!enableHttp && !enableHttps) {
            throw new IllegalArgumentException("enableHttp and enableHttps are both false: no listener to open");
        }
    }

    /** This config with other listener ports (e.g. 0 for free ports in tests); everything else kept. */
    public ServerConfig withPorts(int http, int https) {
        return new ServerConfig(ip, http, enableHttp, https, enableHttps, enableHttp2, keystoreName, keystorePass,
                keyPass, enableTwoWayTls, truststoreName, truststorePass, serviceId, environment,
                shutdownGracefulPeriod, shutdownDelay, bufferSize, ioThreads, workerThreads, backlog, alwaysSetDate,
                serverString, allowUnescapedCharactersInUrl, maxTransferFileSize, blockingExecutor, requestHeaderTimeout,
                requestBodyIdleTimeout, http2MaxConcurrentStreams);
    }

    /** All defaults: HTTP on 8080. */
    public static ServerConfig defaults() {
        return new ServerConfig(null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    private static <T> T orDefault(T value, T fallback) {
        return value == null || (value instanceof String s && s.isEmpty()) ? fallback : value;
    }

    private static int port(String key, int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(key + " must be a port number 0-65535, got " + port);
        }
        return port;
    }

    private static <N extends Number> N atLeast(String key, N value, long min) {
        if (value.longValue() < min) {
            throw new IllegalArgumentException(key + " must be at least " + min + ", got " + value);
        }
        return value;
    }
}
