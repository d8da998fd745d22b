package io.lumen.handler.chain;

import io.lumen.config.ConfigException;
import io.lumen.config.ConfigFile;
import io.lumen.config.ConfigLoader;
import io.lumen.handler.ChainContext;
import io.lumen.handler.Middleware;
import io.lumen.handler.light4j.Light4jHandler;
import io.lumen.handler.light4j.Light4jHandlers;
import io.lumen.server.ServiceContext;
import io.lumen.status.ErrorCodes;
import io.undertow.server.HttpHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Optional;

/**
 * A light-4j handler class named in handler.yml, carried over by {@link Light4jHandlers}: the Lumen
 * built-in it maps to (one INFO line), nothing where Lumen does the work elsewhere (dropped from
 * chains, one INFO line), a dropped middleware its own light-4j config switches off (one WARN line),
 * an endpoint Lumen does not serve (404 ERR10048, one WARN line), or an error naming what to use.
 */
final class Light4jCarryOver {
    private static final Logger LOG = LoggerFactory.getLogger(Light4jCarryOver.class);

    /** What a carried-over class became: the built-in class to instantiate, or a ready handler object. */
    record Outcome(String builtinClass, Object handler) {}

    private final ConfigFile file;
    private final ServiceContext context;
    private final Builtins builtins;

    Light4jCarryOver(ConfigFile file, ServiceContext context, Builtins builtins) {
        this.file = file;
        this.context = context;
        this.builtins = builtins;
    }

    /** The outcome for {@code className} at {@code pointer}, or empty if it is not a light-4j class of the table. */
    Optional<Outcome> carry(String className, String pointer) {
        Optional<Light4jHandler> known = Light4jHandlers.find(className);
        if (known.isEmpty()) {
            return Optional.empty();
        }
        Light4jHandler h = known.get();
        String at = file.where(pointer);
        return Optional.of(switch (h.kind()) {
            case BUILTIN -> {
                String builtinClass = builtins.className(h.builtin());
                if (builtinClass == null) {
                    throw file.error(pointer, className + " maps to Lumen's built-in '" + h.builtin()
                            + "', which is not on the classpath: add " + moduleOf(h.builtin()));
                }
                LOG.info("{}: {}", at, h.describe());
                yield new Outcome(builtinClass, null);
            }
            case COVERED -> {
                LOG.info("{}: {}; dropped from chains", at, h.describe());
                yield new Outcome(null, Dropped.INSTANCE);
            }
            case UNSERVED -> {
                LOG.warn("{}: {}", at, h.describe());
                yield new Outcome(null, unserved());
            }
            case MISSING -> {
                if (h.offSwitch() == null || switchedOn(h.offSwitch())) {
                    throw file.error(pointer, h.describe()
                            + (h.offSwitch() == null ? "" : " (it is on: " + h.offSwitch().file() + ".yml enabled)"));
                }
                LOG.warn("{}: {}; dropped because {}.yml leaves it disabled{}", at, h.describe(), h.offSwitch().file(),
                        h.offSwitch().bypassable() ? " (enabled: false or bypass: true)" : "");
                yield new Outcome(null, Dropped.INSTANCE);
            }
        });
    }

    /** The artifact that ships a built-in the handler module does not have. */
    private static String moduleOf(String builtin) {
        return switch (builtin) {
            case "security", "basic", "apikey", "ipfilter", "unified" -> "lumen-security";
            case "specification", "validator", "specyaml", "specui" -> "lumen-validator";
            case "decode", "encode", "resource", "static" -> "lumen-web";
            case "proxy", "gateway" -> "lumen-proxy";
            case "tracing" -> "lumen-otel";
            default -> "the Lumen module that provides it";
        };
    }

    /**
     * light-4j's own reading: the file's {@code enabled}, else {@code <file>.enabled} from values.yml or the
     * environment, else its default; a bypassable one (chaos-monkey assaults) is also off on {@code bypass: true}.
     */
    private boolean switchedOn(Light4jHandler.OffSwitch off) {
        if (!flag(off.file(), "enabled", off.enabledByDefault())) {
            return false;
        }
        return !(off.bypassable() && flag(off.file(), "bypass", false));
    }

    private boolean flag(String fileName, String key, boolean byDefault) {
        ConfigLoader config = context.config();
        Optional<ConfigFile> own = config.find(fileName);
        Object value;
        if (own.isPresent() && own.get().tree() instanceof Map<?, ?> m && m.containsKey(key)) {
            value = m.get(key);
        } else {
            value = config.value(fileName + "." + key).orElse(byDefault);
        }
        if (value instanceof Boolean b) {
            return b;
        }
        if (value instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
            return Boolean.parseBoolean(s);
        }
        throw new ConfigException(fileName + ".yml", 0, key, "expected true or false, got '" + value + "'");
    }

    private HttpHandler unserved() {
        return exchange -> context.errors().send(exchange, ErrorCodes.PATH_NOT_IMPLEMENTED,
                exchange.getRequestPath(), exchange.getRequestMethod());
    }

    /** A link that removes itself: chains drop disabled middleware at startup. */
    private static final class Dropped implements Middleware {
        static final Dropped INSTANCE = new Dropped();

        @Override
        public HttpHandler wrap(ChainContext chainContext, HttpHandler next) {
            return next;
        }

        @Override
        public boolean isEnabled() {
            return false;
        }
    }
}
