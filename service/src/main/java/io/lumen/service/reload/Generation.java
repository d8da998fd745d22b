package io.lumen.service.reload;

import io.lumen.service.assembly.ServiceAssembly;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One configuration generation of a service: its number (1 at startup, one more per successful
 * reload), its assembly and the drainTimeout its reload.yml gives the generation it replaces. {@link #close()} closes the
 * assembly's shared objects once, whoever calls it first (the retirement or the service's stop).
 */
final class Generation {
    private final long number;
    private final ServiceAssembly assembly;
    private final long drainTimeout;
    private final AtomicBoolean closed = new AtomicBoolean();

    Generation(long number, ServiceAssembly assembly, long drainTimeout) {
        this.number = number;
        this.assembly = assembly;
        this.drainTimeout = drainTimeout;
    }


    /** reload.yml {@code drainTimeout} as this generation read it: how long the one it replaces may drain. */
    long drainTimeout() {
        return drainTimeout;
    }

    long number() {
        return number;
    }

    ServiceAssembly assembly() {
        return assembly;
    }

    /** True for the call that closed it. */
    boolean close() {
        if (!closed.compareAndSet(false, true)) {
            return false;
        }
        assembly.close();
        return true;
    }

    boolean isClosed() {
        return closed.get();
    }
}
