package io.lumen.handler.light4j;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * light-4j 1.x declared routes in code: service.yml's {@code singletons} named a {@code HandlerProvider}
 * (generated {@code PathHandlerProvider}s, light-router's {@code RouterHandlerProvider}, light-hybrid-4j's
 * {@code RpcRouter}) and the middleware as a {@code com.networknt.handler.MiddlewareHandler} list; there
 * was no handler.yml. Lumen runs no HandlerProvider: for such a folder without handler.yml, startup names
 * each provider and the middleware list at their service.yml lines, with what to write in handler.yml.
 */
public final class Light4jServiceYml {
    private static final Set<String> PROVIDER_INTERFACES =
            Set.of("com.networknt.handler.HandlerProvider", "com.networknt.server.HandlerProvider");
    private static final String MIDDLEWARE_INTERFACE = "com.networknt.handler.MiddlewareHandler";
    private static final Map<String, String> KNOWN_PROVIDERS = Map.of(
            "com.networknt.router.RouterHandlerProvider", "a handler.yml route /* on each method running"
                    + " com.networknt.router.RouterHandler (Lumen's gateway built-in) after the middleware",
            "com.networknt.rpc.router.RpcRouter", "REST routes in handler.yml, one handler per service; Lumen has no"
                    + " hybrid RPC router");

    private Light4jServiceYml() {
    }

    /** One problem per HandlerProvider and per middleware list of service.yml; empty when it names none. */
    public static List<ConfigException> routesInCode(ConfigLoader config) {
        List<ConfigException> problems = new ArrayList<>();
        Optional<ConfigFile> found;
        try {
            found = config.find("service");
        } catch (ConfigException e) {
            return problems; // reported where service.yml's values are used
        }
        if (found.isEmpty() || !(found.get().tree() instanceof Map<?, ?> tree) || !(tree.get("singletons") instanceof List<?> singletons)) {
            return problems;
        }
        ConfigFile file = found.get();
        for (int i = 0; i < singletons.size(); i++) {
            if (!(singletons.get(i) instanceof Map<?, ?> entry)) {
                continue;
            }
            for (Map.Entry<?, ?> e : entry.entrySet()) {
                String name = String.valueOf(e.getKey());
                List<?> impls = e.getValue() instanceof List<?> l ? l : List.of(String.valueOf(e.getValue()));
                String pointer = "/singletons/" + i + "/" + name.replace("~", "~0").replace("/", "~1");
                if (PROVIDER_INTERFACES.contains(name)) {
                    for (int k = 0; k < impls.size(); k++) {
                        String impl = String.valueOf(impls.get(k));
                        problems.add(file.error(pointer + "/" + k, impl + " builds light-4j 1.x routes in code (a HandlerProvider),"
                                + " which Lumen does not run (not supported): there is no handler.yml; write one with "
                                + KNOWN_PROVIDERS.getOrDefault(impl, "your handler classes under handlers and one entry per"
                                + " route under paths")));
                    }
                } else if (name.equals(MIDDLEWARE_INTERFACE)) {
                    problems.add(file.error(pointer, "light-4j 1.x's middleware chain: in handler.yml, a chain under chains"
                            + " that routes name; on Lumen: " + describe(impls)));
                }
            }
        }
        return problems;
    }

    private static String describe(List<?> middleware) {
        List<String> each = new ArrayList<>();
        for (Object m : middleware) {
            String className = String.valueOf(m);
            each.add(Light4jHandlers.find(className).map(Light4jHandler::describe)
                    .orElse(className + " is not one Lumen carries over"));
        }
        return String.join("; ", each);
    }
}
