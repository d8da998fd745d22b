package io.lumen.handler.correlation;

/**
 * {@code correlation.yml}.
 *
 * @param enabled              link the correlation middleware into chains (true)
 * @param autogenCorrelationID generate a correlation id when the request has none or an invalid one (true)
 * @param correlationHeader    request and response header of the correlation id (X-Correlation-Id)
 * @param traceabilityHeader   header echoed back when the request has it, for light-4j clients (X-Traceability-Id)
 * @param traceContext         accept or start a W3C trace context ({@code traceparent}) (true)
 */
public record CorrelationConfig(Boolean enabled, Boolean autogenCorrelationID, String correlationHeader,
                                String traceabilityHeader, Boolean traceContext) {
    public CorrelationConfig {
        enabled = enabled == null || enabled;
        autogenCorrelationID = autogenCorrelationID == null || autogenCorrelationID;
        correlationHeader = correlationHeader == null || correlationHeader.isBlank()
                ? "X-Correlation-Id" : correlationHeader.trim();
        traceabilityHeader = traceabilityHeader == null || traceabilityHeader.isBlank()
                ? "X-Traceability-Id" : traceabilityHeader.trim();
        traceContext = traceContext == null || traceContext;
    }
}
