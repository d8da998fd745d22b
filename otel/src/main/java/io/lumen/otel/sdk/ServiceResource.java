package io.lumen.otel.sdk;

import io.lumen.server.ServerConfig;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.semconv.ServiceAttributes;

import java.util.UUID;

/**
 * The resource every span of the service carries: the SDK's defaults ({@code telemetry.sdk.*}),
 * then {@code deployment.environment.name} (server.yml {@code environment}) and a random
 * {@code service.instance.id} (one per process, so N instances of a service stay apart), then the
 * configured {@code resourceAttributes}, then {@code service.name}: {@code serviceName}, else
 * {@code resourceAttributes}' own, else server.yml {@code serviceId}.
 */
final class ServiceResource {
    // not yet in the stable semantic-convention artifact
    static final AttributeKey<String> DEPLOYMENT_ENVIRONMENT_NAME = AttributeKey.stringKey("deployment.environment.name");
    static final AttributeKey<String> SERVICE_INSTANCE_ID = AttributeKey.stringKey("service.instance.id");

    private ServiceResource() {
    }

    static Resource of(TracingConfig config, ServerConfig server) {
        AttributesBuilder a = Attributes.builder()
                .put(DEPLOYMENT_ENVIRONMENT_NAME, server.environment())
                .put(SERVICE_INSTANCE_ID, UUID.randomUUID().toString());
        config.resourceAttributes().values().forEach(a::put);
        String name = config.serviceName() != null ? config.serviceName()
                : config.resourceAttributes().get(ServiceAttributes.SERVICE_NAME.getKey()) != null
                        ? config.resourceAttributes().get(ServiceAttributes.SERVICE_NAME.getKey())
                        : server.serviceId();
        a.put(ServiceAttributes.SERVICE_NAME, name);
        return Resource.getDefault().merge(Resource.create(a.build()));
    }
}
