package io.lumen.service.reload;

import io.lumen.server.RetiredRoot;
import io.undertow.server.HttpHandler;

/**
 * Where a reloaded generation's root handler goes: the server's root ({@code LumenServer::replaceRoot})
 * or an embedding application's. Called by the reload thread, one swap at a time.
 */
@FunctionalInterface
public interface RootSwitch {
    /**
     * Sends new requests to {@code root}; requests already running finish on the previous one.
     *
     * @return the previous root, to wait on before closing what it uses
     * @throws IllegalStateException when the server is stopping
     */
    RetiredRoot replace(HttpHandler root);
}
