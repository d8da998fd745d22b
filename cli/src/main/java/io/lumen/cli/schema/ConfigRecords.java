package io.lumen.cli.schema;

import io.lumen.client.ClientConfig;
import io.lumen.handler.audit.AuditConfig;
import io.lumen.handler.body.BodyConfig;
import io.lumen.handler.config.HandlerConfig;
import io.lumen.handler.correlation.CorrelationConfig;
import io.lumen.handler.cors.CorsConfig;
import io.lumen.handler.exception.ExceptionConfig;
import io.lumen.handler.header.HeaderConfig;
import io.lumen.handler.health.HealthConfig;
import io.lumen.handler.info.InfoConfig;
import io.lumen.handler.limit.LimitConfig;
import io.lumen.handler.logger.LoggerConfig;
import io.lumen.handler.metrics.MetricsConfig;
import io.lumen.otel.TracingConfig;
import io.lumen.proxy.ProxyConfig;
import io.lumen.security.SecurityConfig;
import io.lumen.server.ServerConfig;
import io.lumen.service.reload.ReloadConfig;
import io.lumen.validator.specification.SpecificationConfig;
import io.lumen.validator.validation.ValidatorConfig;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The config files bound to a record, by base name, as the modules load them
 * ({@code context.config().load("cors", CorsConfig.class)}): what {@code lumen check} binds, what
 * {@code lumen migrate} compares light-4j's keys with, and what the JSON Schemas are generated from.
 * {@code ConfigRecordsTest} checks each entry against the module's own load call.
 */
public final class ConfigRecords {
    /** Base name to record, in the order of the modules. */
    public static final Map<String, Class<? extends Record>> FILES = files();

    private ConfigRecords() {
    }

    private static Map<String, Class<? extends Record>> files() {
        Map<String, Class<? extends Record>> m = new LinkedHashMap<>();
        m.put("server", ServerConfig.class);
        m.put("handler", HandlerConfig.class);
        m.put("client", ClientConfig.class);
        m.put("audit", AuditConfig.class);
        m.put("body", BodyConfig.class);
        m.put("correlation", CorrelationConfig.class);
        m.put("cors", CorsConfig.class);
        m.put("exception", ExceptionConfig.class);
        m.put("header", HeaderConfig.class);
        m.put("health", HealthConfig.class);
        m.put("info", InfoConfig.class);
        m.put("limit", LimitConfig.class);
        m.put("logger", LoggerConfig.class);
        m.put("metrics", MetricsConfig.class);
        m.put("reload", ReloadConfig.class);
        m.put("security", SecurityConfig.class);
        m.put("specification", SpecificationConfig.class);
        m.put("openapi-validator", ValidatorConfig.class);
        m.put("proxy", ProxyConfig.class);
        m.put("tracing", TracingConfig.class);
        return java.util.Collections.unmodifiableMap(m);
    }
}
