package io.lumen.handler.metrics;

/**
 * {@code metrics.yml}.
 *
 * @param enabled      link the metrics middleware into chains (true); {@code /prometheus} answers either way
 * @param histogram    publish latency histogram buckets (a fixed set from 1 ms to 10 s) (true)
 * @param serviceIdTag tag every meter with {@code service} = server.yml {@code serviceId} (true)
 */
public record MetricsConfig(Boolean enabled, Boolean histogram, Boolean serviceIdTag) {
    public MetricsConfig {
        enabled = enabled == null || enabled;
        histogram = histogram == null || histogram;
        serviceIdTag = serviceIdTag == null || serviceIdTag;
    }
}
