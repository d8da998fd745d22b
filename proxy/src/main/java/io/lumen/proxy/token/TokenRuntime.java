package io.lumen.proxy.token;

import io.lumen.client.LumenClient;
import io.lumen.client.oauth.ClientTokens;
import io.lumen.client.oauth.TokenSource;
import io.lumen.config.ConfigException;
import io.lumen.handler.prefix.PathPrefixes;
import io.lumen.server.ServiceContext;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What every {@code token} route of a service shares: a {@link LumenClient} from client.yml (its
 * own IO threads, closed with the service), its {@link ClientTokens}, and the token source of each
 * service named in {@code pathPrefixServices}, resolved at startup so a missing client.yml key
 * stops the start.
 */
final class TokenRuntime implements AutoCloseable {
    private static final String FILE = "client.yml";
    private final LumenClient client;
    private final ClientTokens tokens;
    /** Path prefix -> the source of its service. */
    private final Map<String, TokenSource> byPrefix = new LinkedHashMap<>();
    /** The default server's source, or null when client.yml names none (every path must be in pathPrefixServices). */
    private final TokenSource fallback;

    TokenRuntime(ServiceContext context) {
        this.client = LumenClient.fromConfig(context.config());
        try {
            this.tokens = ClientTokens.fromConfig(context.config(), client);
            client.config().pathPrefixServices().forEach((prefix, serviceId) ->
                    byPrefix.put(prefix, tokens.forService(serviceId)));
            this.fallback = client.config().oauth().token().server_url() == null ? null : tokens.source();
            if (fallback == null && byPrefix.isEmpty()) {
                throw new IllegalArgumentException(FILE + ": oauth.token.server_url: required by the token handler "
                        + "(or a pathPrefixServices entry per path with multipleAuthServers)");
            }
        } catch (IllegalArgumentException e) {
            client.close();
            String m = e.getMessage();
            throw m.startsWith(FILE + ": ") ? new ConfigException(FILE, 0, null, m.substring(FILE.length() + 2), e)
                    : new ConfigException(FILE, 0, "oauth", m, e);
        }
    }

    /** The source for {@code path}: its pathPrefixServices service, else the default; null when there is none. */
    TokenSource forPath(String path) {
        if (!byPrefix.isEmpty()) {
            String prefix = PathPrefixes.longest(byPrefix, path);
            if (prefix != null) {
                return byPrefix.get(prefix);
            }
        }
        return fallback;
    }

    TokenSource exchange(String subjectToken) {
        return tokens.exchange(subjectToken);
    }

    @Override
    public void close() {
        client.close();
    }
}
