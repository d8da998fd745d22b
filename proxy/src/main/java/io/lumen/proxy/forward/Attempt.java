package io.lumen.proxy.forward;

import io.undertow.client.ClientCallback;
import io.undertow.client.ClientExchange;
import org.xnio.IoUtils;

import java.io.IOException;

/**
 * The callbacks of one try. Undertow may report one failure twice (to the request callback and to
 * the response listener) and may report it after the exchange moved on to another try (a
 * synchronous failure while the request is being sent, a listener set on an exchange that already
 * failed): each try answers once, and only while it is the current one.
 */
final class Attempt implements ClientCallback<ClientExchange> {
    private final ProxyExchange owner;
    private ClientExchange exchange;
    private boolean failed;

    Attempt(ProxyExchange owner) {
        this.owner = owner;
    }

    @Override
    public void completed(ClientExchange result) {
        if (owner.current != this || failed) {
            if (exchange != null && result.getResponse() != null) {
                IoUtils.safeClose(result.getResponseChannel()); // a late answer to an abandoned try
            }
            return;
        }
        if (exchange == null) {
            exchange = result;
            owner.upstreamExchange = result;
            owner.sent(this, result);
            if (owner.current == this && !failed) {
                result.setResponseListener(this);
            }
        } else {
            owner.responded(result);
        }
    }

    @Override
    public void failed(IOException e) {
        if (owner.current != this || failed) {
            return;
        }
        failed = true;
        owner.attemptFailed(exchange == null, e);
    }
}
