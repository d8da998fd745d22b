package io.lumen.proxy;

import io.lumen.proxy.testing.ProxyUnderTest;
import io.lumen.proxy.upstream.Upstreams;

/** Reaches the running proxy's upstreams (ProxyRuntime is package-private). */
final class ProxyInternals {
    private ProxyInternals() {
    }

    static Upstreams upstreams(ProxyUnderTest proxy) {
        return proxy.service().context().shared(ProxyRuntime.class, () -> {
            throw new IllegalStateException("no proxy runtime in this service");
        }).upstreams();
    }
}
