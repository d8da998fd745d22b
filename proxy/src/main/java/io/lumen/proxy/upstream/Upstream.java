package io.lumen.proxy.upstream;

import io.lumen.client.pool.ConnectionPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One upstream server: its address, its connection pool, how many requests it has in flight, and
 * whether it may get requests. Four things take it out: the active health checker
 * ({@link #activeHealthy}), passive ejection after consecutive transport failures
 * ({@link #ejectedUntil}), the upstream saying it is draining ({@link #draining}), and leaving the
 * set ({@link #retire}: for good; its pool closes after its last request). Thread-safe.
 */
public final class Upstream {
    private static final Logger LOG = LoggerFactory.getLogger(Upstream.class);

    private final URI uri;
    private final String origin;
    private final String hostHeader;
    private final ConnectionPool pool;
    private final int ejectAfter;
    private final long ejectTime;
    private final AtomicInteger outstanding = new AtomicInteger();
    private final AtomicInteger consecutiveFailures = new AtomicInteger();
    private volatile boolean activeHealthy = true;
    private volatile long ejectedUntil;
    /** Said it drains (a refused request): out until then, or until its health checks pass again. */
    private volatile long drainingUntil;
    private volatile long drainingSince;
    private volatile boolean retired;
    private final AtomicBoolean poolClosed = new AtomicBoolean();

    /** Over TLS, the name the handshake presents and checks (a discovered name); null: the URI's host. */
    private final String tlsName;

    /**
     * @param hostHeader the Host of a rewritten request; null: this upstream's own host:port
     * @param tlsName    the discovered name an https address is verified against; null: its host
     */
    Upstream(URI uri, String hostHeader, String tlsName, ConnectionPool.Settings settings, int ejectAfter, long ejectTime) {
        this.uri = uri;
        this.tlsName = tlsName;
        this.origin = uri.getScheme() + "://" + uri.getHost() + ":" + uri.getPort();
        this.hostHeader = hostHeader != null ? hostHeader
                : (uri.getHost().indexOf(':') >= 0 && !uri.getHost().startsWith("[") ? "[" + uri.getHost() + "]" : uri.getHost())
                + ":" + uri.getPort();
        this.pool = new ConnectionPool(uri, settings);
        this.ejectAfter = ejectAfter;
        this.ejectTime = ejectTime;
    }

    URI uri() {
        return uri;
    }

    /** {@code scheme://host:port}. */
    public String origin() {
        return origin;
    }

    /** {@code host:port} for a rewritten {@code Host} header. */
    public String hostHeader() {
        return hostHeader;
    }

    /** The name TLS checks the certificate against when it is not the URI's host (a discovered https address), else null. */
    String tlsName() {
        return tlsName;
    }

    public ConnectionPool pool() {
        return pool;
    }

    /** May get requests: in the set, the last active checks passed, not ejected, not draining. */
    boolean available(long nowMillis) {
        return activeHealthy && nowMillis >= ejectedUntil && nowMillis >= drainingUntil && !retired;
    }

    /** Left the set: no new requests; the pool closes once none is in flight. */
    public boolean retired() {
        return retired;
    }

    void retire() {
        retired = true;
        if (outstanding.get() == 0) {
            closePool();
        }
    }

    /**
     * The upstream refused a request because it is shutting down (it did not process it): it gets
     * nothing new for {@code holdMillis} or until its health checks pass again, whichever is
     * first, and its idle connections are closed now, from this side, so that none is reused just
     * as the upstream closes it. Not a failure: it does not count towards ejection.
     */
    public void draining(long nowMillis, long holdMillis) {
        boolean first = nowMillis >= drainingUntil;
        drainingUntil = nowMillis + holdMillis;
        if (first) {
            drainingSince = nowMillis;
            LOG.info("upstream {} is draining: no new requests for up to {} ms", origin, holdMillis);
            pool.closeIdle();
        }
    }

    public boolean activeHealthy() {
        return activeHealthy;
    }

    public int outstanding() {
        return outstanding.get();
    }

    void started() {
        outstanding.incrementAndGet();
    }

    void ended() {
        if (outstanding.decrementAndGet() == 0 && retired) {
            closePool();
        }
    }

    private void closePool() {
        if (poolClosed.compareAndSet(false, true)) {
            pool.close();
        }
    }

    /** The upstream answered: the failure streak ends. */
    public void succeeded() {
        if (consecutiveFailures.get() != 0) {
            consecutiveFailures.set(0);
        }
    }

    /** A connection to it failed (refused, reset, closed early or timed out). */
    public void failed(long nowMillis) {
        if (ejectAfter > 0 && consecutiveFailures.incrementAndGet() >= ejectAfter) {
            consecutiveFailures.set(0);
            if (nowMillis >= ejectedUntil) {
                LOG.warn("upstream {} ejected for {} ms after {} consecutive failures", origin, ejectTime, ejectAfter);
            }
            ejectedUntil = nowMillis + ejectTime;
        }
    }

    /** A health check started at {@code startedMillis} passed: a drain seen before it is over (a new instance answers). */
    void checkPassed(long startedMillis) {
        if (drainingUntil != 0 && startedMillis > drainingSince) {
            drainingUntil = 0;
            LOG.info("upstream {} passes its health checks after draining: it gets requests again", origin);
        }
    }

    void activeResult(boolean healthy) {
        if (healthy != activeHealthy) {
            activeHealthy = healthy;
            if (healthy) {
                ejectedUntil = 0;
                drainingUntil = 0;
                consecutiveFailures.set(0);
                LOG.info("upstream {} passes its health checks again", origin);
            } else {
                LOG.warn("upstream {} failed its health checks: no requests until it passes", origin);
            }
        }
    }

    @Override
    public String toString() {
        return origin;
    }
}
