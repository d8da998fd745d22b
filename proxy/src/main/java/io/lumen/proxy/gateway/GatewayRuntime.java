package io.lumen.proxy.gateway;

import io.lumen.config.ConfigFile;
import io.lumen.proxy.ProxyRuntime;
import io.lumen.server.ServiceContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a service's gateway keeps while it runs: one proxy per upstream service (its own upstreams,
 * pools, health checks and settings) and the route table over them. Made once per service through
 * {@link ServiceContext#shared}, shared by every chain that ends in {@code gateway}; closing it
 * closes the proxies.
 */
final class GatewayRuntime implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GatewayRuntime.class);

    private final Map<String, ProxyRuntime> services = new LinkedHashMap<>();
    private final RouteTable table;

    GatewayRuntime(ServiceContext context) {
        ConfigFile file = context.config().find("gateway").orElseGet(() -> context.config().moduleDefaults("gateway"))
                .prepared(GatewayConfig.class);
        RoutePlanner.Plan plan = RoutePlanner.plan(file, file.bind(GatewayConfig.class), Light4jRouting.read(context.config()));
        try {
            plan.services().forEach((id, config) -> services.put(id, new ProxyRuntime(config, context)));
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        RouteTable.Builder builder = new RouteTable.Builder();
        List<String> lines = new ArrayList<>();
        for (RoutePlanner.Planned p : plan.routes()) {
            builder.add(p.prefix(), new Route(p.prefix().isEmpty() ? "/" : p.prefix(), p.service(), p.host(), p.methodNames(),
                    p.headerNames(), p.headerValues(), services.get(p.service()).forwarder(), p.rewrite(), p.where()));
            lines.add((p.prefix().isEmpty() ? "/" : p.prefix()) + matchers(p) + " -> " + p.service());
        }
        this.table = builder.build();
        LOG.info("gateway: {} routes to {} services: {}", table.size(), services.size(), String.join(", ", lines));
    }

    private static String matchers(RoutePlanner.Planned p) {
        StringBuilder b = new StringBuilder();
        if (p.host() != null) {
            b.append(" host ").append(p.host());
        }
        if (!p.methods().isEmpty()) {
            b.append(' ').append(String.join("|", p.methods()));
        }
        p.headers().forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
        return b.toString();
    }

    RouteTable table() {
        return table;
    }

    @Override
    public void close() {
        services.values().forEach(ProxyRuntime::close);
    }
}
