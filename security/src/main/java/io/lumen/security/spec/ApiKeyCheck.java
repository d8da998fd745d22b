package io.lumen.security.spec;

import io.lumen.handler.HandlerAttachments;
import io.lumen.security.apikey.KeyPlace;
import io.lumen.security.password.KeyDigest;
import io.lumen.status.Status;
import io.undertow.server.HttpServerExchange;

import java.util.Set;

/**
 * An apiKey scheme: the key where the spec says (header, query parameter or cookie, by name), hashed
 * once and compared with every configured digest. No digests configured: every key is refused.
 */
final class ApiKeyCheck implements SchemeCheck {
    private final KeyPlace place;
    private final byte[][] digests;
    private final Outcome passed;
    private final Outcome wrongKey;

    ApiKeyCheck(KeyPlace place, SchemeCredentials credentials, String clientId, Status wrong) {
        this.place = place;
        this.digests = credentials.apiKeys().stream().map(KeyDigest::parse).toArray(byte[][]::new);
        this.passed = Outcome.passed(exchange -> exchange.putAttachment(HandlerAttachments.CLIENT_ID, clientId));
        this.wrongKey = Outcome.rejected(wrong, wrong.describe(place), null);
    }

    @Override
    public Outcome check(HttpServerExchange exchange, Set<String> scopes, boolean mayBlock) {
        String key = place.sent(exchange);
        if (key == null) {
            return Outcome.ABSENT;
        }
        return KeyDigest.matchesAny(digests, KeyDigest.of(key)) ? passed : wrongKey;
    }

    @Override
    public String challenge() {
        return null; // no HTTP authentication scheme names API keys
    }

    @Override
    public String describe() {
        return "an API key in " + place;
    }
}
