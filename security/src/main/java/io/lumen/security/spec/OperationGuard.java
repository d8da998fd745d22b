package io.lumen.security.spec;

import io.lumen.handler.FailureHandler;
import io.lumen.status.ErrorResponder;
import io.lumen.status.Status;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One operation's security requirements: alternatives (any one passes: OR), each a list of schemes
 * that must all pass (AND); an empty alternative passes every request. Checks run on the IO thread;
 * when one needs slow work (a new password, a JWKS fetch) the whole decision is taken again on a
 * worker thread and the chain continues on the IO thread. Refusals: 403 when credentials were right
 * but the token lacked the scopes, else 401 for wrong credentials (that scheme's code), else 401
 * ERR19210 naming what the operation takes, with the challenges of its http and JWT schemes.
 * Everything a decision does not learn from the request is computed here, once. Immutable and thread-safe.
 */
public final class OperationGuard {
    private final SchemeCheck[][] alternatives;
    private final Set<String>[][] scopes;
    private final ErrorResponder errors;
    private final String takes;
    /** The refusal of a request that offers no credentials the operation takes. */
    private final Outcome noCredentials;
    private final Map<HttpString, String> challenges;

    OperationGuard(SchemeCheck[][] alternatives, Set<String>[][] scopes, ErrorResponder errors, Status missing) {
        this.alternatives = alternatives;
        this.scopes = scopes;
        this.errors = errors;
        List<String> ways = new ArrayList<>();
        List<String> challenge = new ArrayList<>();
        for (SchemeCheck[] alternative : alternatives) {
            List<String> all = new ArrayList<>();
            for (SchemeCheck c : alternative) {
                all.add(c.describe());
                if (c.challenge() != null && !challenge.contains(c.challenge())) {
                    challenge.add(c.challenge());
                }
            }
            ways.add(String.join(" and ", all));
        }
        this.takes = String.join(", or ", ways);
        this.challenges = challenge.isEmpty() ? Map.of() : Map.of(Headers.WWW_AUTHENTICATE, String.join(", ", challenge));
        this.noCredentials = Outcome.rejected(missing, missing.describe(takes), null);
    }

    /** Whether every request passes ({@code security: []}, or an empty alternative). */
    boolean open() {
        if (alternatives.length == 0) {
            return true;
        }
        for (SchemeCheck[] alternative : alternatives) {
            if (alternative.length == 0) {
                return true;
            }
        }
        return false;
    }

    /** Lets the request through to {@code next} or refuses it. */
    public void handle(HttpServerExchange exchange, HttpHandler next, FailureHandler failures) throws Exception {
        Outcome decision = decide(exchange, false);
        if (decision != null) {
            apply(exchange, decision, next);
            return;
        }
        exchange.dispatch(() -> { // a hash check or a JWKS wait: not on the IO thread
            Outcome slow;
            try {
                slow = decide(exchange, true);
            } catch (Throwable t) {
                exchange.dispatch(exchange.getIoThread(), () -> failures.fail(exchange, t));
                return;
            }
            // back on the IO thread: what follows (a proxy's per-thread pools) expects it
            exchange.dispatch(exchange.getIoThread(), () -> {
                try {
                    apply(exchange, slow, next);
                } catch (Throwable t) {
                    failures.fail(exchange, t);
                }
            });
        });
    }

    /**
     * The first alternative that passes (one outcome whose grant hands on what each of its schemes
     * found), else the refusal; null when a slow check is needed and {@code mayBlock} is false. Allocates
     * nothing of its own unless an alternative combines schemes (AND).
     */
    private Outcome decide(HttpServerExchange exchange, boolean mayBlock) {
        if (alternatives.length == 0) {
            return Outcome.OPEN; // security: []
        }
        Outcome forbidden = null;
        Outcome rejected = null;
        for (int a = 0; a < alternatives.length; a++) {
            SchemeCheck[] alternative = alternatives[a];
            Outcome passed = Outcome.OPEN; // an empty alternative passes
            Outcome failed = null;
            for (int i = 0; i < alternative.length && failed == null; i++) {
                Outcome o = alternative[i].check(exchange, scopes[a][i], mayBlock);
                switch (o.result()) {
                    case SLOW -> {
                        return null;
                    }
                    case PASSED -> passed = i == 0 ? o : passed.and(o);
                    default -> failed = o;
                }
            }
            if (failed == null) {
                return passed;
            }
            if (failed.result() == Outcome.Result.FORBIDDEN && forbidden == null) {
                forbidden = failed;
            } else if (failed.result() == Outcome.Result.REJECTED && rejected == null) {
                rejected = failed;
            }
        }
        return forbidden != null ? forbidden : rejected != null ? rejected : noCredentials;
    }

    private void apply(HttpServerExchange exchange, Outcome decision, HttpHandler next) throws Exception {
        if (decision.result() != Outcome.Result.PASSED) {
            Map<HttpString, String> headers = decision.challenge() == null ? challenges : decision.challengeHeader();
            errors.send(exchange, decision.status(), decision.description(), Map.of(), headers);
            return;
        }
        decision.grant().accept(exchange);
        next.handleRequest(exchange);
    }

    /** What the operation takes, as refusals say it. */
    @Override
    public String toString() {
        return takes.isEmpty() ? "anyone" : takes;
    }
}
