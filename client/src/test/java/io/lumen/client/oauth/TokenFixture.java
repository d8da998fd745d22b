package io.lumen.client.oauth;

import io.lumen.client.ClientConfig;
import io.lumen.client.LumenClient;
import io.lumen.client.testing.TokenServer;
import io.lumen.config.ConfigLoader;
import io.lumen.status.StatusCatalogue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client.yml in a test folder with an {@code oauth} section pointing at a {@link TokenServer},
 * the client bound from it and its {@link ClientTokens} on a clock the test moves.
 */
final class TokenFixture implements AutoCloseable {
    final AtomicLong clock = new AtomicLong(1_000_000);
    final LumenClient client;
    final ClientTokens tokens;
    final ConfigLoader loader;

    /** @param oauth the lines under {@code oauth:}, indented by two spaces; {@code SERVER} stands for the server's URL */
    TokenFixture(Path dir, TokenServer server, String oauth) {
        try {
            Files.writeString(dir.resolve("client.yml"), "oauth:\n" + oauth.replace("SERVER", server.url().toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        loader = ConfigLoader.builder().configDirs(List.of(dir)).env(k -> null).build();
        ClientConfig config = loader.load("client", ClientConfig.class);
        client = LumenClient.builder().config(config).build();
        tokens = new ClientTokens(client, config.oauth(), StatusCatalogue.load(loader), name -> {
            try {
                return Files.readAllBytes(dir.resolve(name));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, clock::get);
    }

    /** A client_secret_basic setup with scope {@code a.r b.w}. */
    static String basic() {
        return """
                  token:
                    server_url: SERVER
                    tokenRenewBeforeExpired: 10000
                    client_credentials:
                      client_id: my-client
                      client_secret: s3cret-value
                      scope: [a.r, b.w]
                """;
    }

    @Override
    public void close() {
        client.close();
    }
}
