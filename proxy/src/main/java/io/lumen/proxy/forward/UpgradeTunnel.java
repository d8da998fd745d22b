package io.lumen.proxy.forward;

import io.undertow.client.ClientExchange;
import io.undertow.connector.ByteBufferPool;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.HttpUpgradeListener;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import org.xnio.IoUtils;
import org.xnio.StreamConnection;

import java.io.IOException;

/**
 * The tunnel after an upstream accepted an {@code Upgrade} (WebSocket) with 101: once Undertow has
 * sent the 101 to the client, bytes flow both ways between the client's connection and the
 * upstream's until both directions end, or either fails. The upstream connection was opened for this
 * request alone and never returns to the pool. Created only for upgrades; runs on the IO thread of
 * the request.
 */
final class UpgradeTunnel implements HttpUpgradeListener, Pump.Outcome {
    private final ClientExchange upstream;
    private final ByteBufferPool buffers;
    private StreamConnection client;
    private StreamConnection server;
    /** Directions that ended cleanly; one alone is a half close, the other side may still talk. */
    private int ended;

    private UpgradeTunnel(ClientExchange upstream, ByteBufferPool buffers) {
        this.upstream = upstream;
        this.buffers = buffers;
    }

    /**
     * Answers the client's upgrade with the upstream's 101: the upgrade headers are set on
     * {@code exchange}'s response and the tunnel starts once Undertow hands over the connection.
     */
    static void accept(HttpServerExchange exchange, ClientExchange upstream, ByteBufferPool buffers) {
        HeaderMap out = exchange.getResponseHeaders();
        out.put(Headers.CONNECTION, "Upgrade");
        out.put(Headers.UPGRADE, upstream.getResponse().getResponseHeaders().getFirst(Headers.UPGRADE));
        exchange.upgradeChannel(new UpgradeTunnel(upstream, buffers));
    }

    @Override
    public void handleUpgrade(StreamConnection clientConnection, HttpServerExchange exchange) {
        client = clientConnection;
        try {
            server = upstream.getConnection().performUpgrade();
        } catch (IOException e) {
            IoUtils.safeClose(client);
            return;
        }
        new Pump(server.getSourceChannel(), client.getSinkChannel(), buffers, this).start();
        new Pump(client.getSourceChannel(), server.getSinkChannel(), buffers, this).start();
    }

    @Override
    public void pumped(Pump pump) {
        if (++ended == 2) {
            IoUtils.safeClose(client, server);
        }
    }

    @Override
    public void pumpFailed(Pump pump, IOException e, boolean readSide) {
        IoUtils.safeClose(client, server);
    }
}
