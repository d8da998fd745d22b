/**
 * One request through the proxy: framing checks, the upstream request, body pumps, retries, timeouts
 * and errors. {@link io.lumen.proxy.forward.Forwarder} is the package's only public type; per request
 * a {@code ProxyExchange} runs the attempts (one object in three classes: {@code ExchangeState} what it
 * knows, {@code ExchangeEnding} its timers, retries, failures and end, {@code ProxyExchange} the way
 * forward; each try's callbacks an {@code Attempt}), its progress one {@code Phase}; {@code RequestFraming}
 * reads the request's framing (core's {@link io.lumen.http.RequestShape} its kind), {@code UpgradeTunnel} carries a WebSocket after a 101.
 * Everything runs on the request's IO thread.
 */
package io.lumen.proxy.forward;
