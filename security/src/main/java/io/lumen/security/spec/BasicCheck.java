package io.lumen.security.spec;

import io.lumen.handler.HandlerAttachments;
import io.lumen.security.basic.BasicCredentials;
import io.lumen.status.Status;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An http basic scheme: {@code Authorization: Basic} against the configured users' password hashes.
 * Credentials that passed before are known on the IO thread; new ones need a hash check ({@link
 * Outcome#SLOW} there). No users configured: every credential is refused.
 */
final class BasicCheck implements SchemeCheck {
    private final BasicCredentials credentials; // null: no users
    private final String challenge;
    private final Outcome wrongCredentials;
    /** What each user who passed hands on, made once per user (the configured users bound it). */
    private final Map<String, Outcome> passedByUser = new ConcurrentHashMap<>();

    BasicCheck(BasicCredentials credentials, String realm, Status wrong) {
        this.credentials = credentials;
        this.challenge = "Basic realm=\"" + realm + "\", charset=\"UTF-8\"";
        this.wrongCredentials = Outcome.rejected(wrong, wrong.describe(), challenge);
    }

    @Override
    public Outcome check(HttpServerExchange exchange, Set<String> scopes, boolean mayBlock) {
        String auth = exchange.getRequestHeaders().getFirst(Headers.AUTHORIZATION);
        if (!BasicCredentials.offered(auth)) {
            return Outcome.ABSENT;
        }
        String user = credentials == null ? null : credentials.known(auth);
        if (user == null && credentials != null) {
            if (!mayBlock) {
                return Outcome.SLOW;
            }
            user = credentials.verify(auth);
        }
        return user == null ? wrongCredentials : passedByUser.computeIfAbsent(user, BasicCheck::passedAs);
    }

    private static Outcome passedAs(String user) {
        return Outcome.passed(exchange -> exchange.putAttachment(HandlerAttachments.USER_ID, user));
    }

    @Override
    public String challenge() {
        return challenge;
    }

    @Override
    public String describe() {
        return "HTTP Basic";
    }
}
