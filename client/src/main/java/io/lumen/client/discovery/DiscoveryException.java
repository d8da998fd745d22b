package io.lumen.client.discovery;

/** A resolution that gave no usable answer (timeout, server failure, no such name, no addresses). */
public final class DiscoveryException extends Exception {
    public DiscoveryException(String message) {
        super(message, null, false, false);
    }
}
