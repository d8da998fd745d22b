package io.lumen.client.oauth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lumen.client.LumenClient;
import io.lumen.client.Request;
import io.lumen.client.Response;
import io.lumen.status.StatusException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.LongSupplier;

/**
 * Posts one token request (RFC 6749 4.4 / RFC 8693 2.1: a form with the grant's parameters and the
 * client's authentication) through the {@link LumenClient} and reads the answer into an
 * {@link AccessToken}. Never blocks: the future completes on a client IO thread. Neither the
 * request's secrets nor the response's body reach a log line or an exception message.
 */
final class TokenEndpoint {
    private static final Logger LOG = LoggerFactory.getLogger(TokenEndpoint.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Lifetime assumed when the server sends no {@code expires_in} (RFC 6749 leaves it optional). */
    static final long DEFAULT_LIFETIME_MS = 300_000;

    private final LumenClient client;
    private final TokenErrors errors;
    private final LongSupplier clock;

    TokenEndpoint(LumenClient client, TokenErrors errors, LongSupplier clock) {
        this.client = client;
        this.errors = errors;
        this.clock = clock;
    }

    /** Asks {@code target} for a token with the grant's {@code parameters}; fails with a {@link TokenException}. */
    CompletableFuture<AccessToken> fetch(TokenTarget target, Map<String, String> parameters) {
        try {
            return send(target, parameters);
        } catch (RuntimeException e) { // a key that cannot sign: no request was sent
            return CompletableFuture.failedFuture(fail(errors.unreachable(target.display(),
                    "cannot build the token request: " + e.getMessage(), e)));
        }
    }

    private CompletableFuture<AccessToken> send(TokenTarget target, Map<String, String> parameters) {
        Map<String, String> form = new LinkedHashMap<>(parameters);
        Request.Builder post = Request.post(target.endpoint())
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "application/json");
        switch (target.authMethod()) {
            case "client_secret_post" -> {
                form.put("client_id", target.clientId());
                form.put("client_secret", target.clientSecret());
            }
            case "private_key_jwt" -> {
                form.put("client_id", target.clientId());
                form.put("client_assertion_type", ClientAssertion.TYPE);
                form.put("client_assertion", target.assertion().sign(target.clientId(), target.endpoint().toString(),
                        System.currentTimeMillis()));
            }
            default -> post.header("Authorization", basic(target.clientId(), target.clientSecret()));
        }
        post.body(encode(form));
        String where = target.display();
        CompletableFuture<AccessToken> result = new CompletableFuture<>();
        client.send(post.build()).whenComplete((response, failure) -> {
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
                String why = cause instanceof StatusException s ? s.description() : cause.getClass().getSimpleName();
                result.completeExceptionally(fail(errors.unreachable(where, why, cause)));
                return;
            }
            try {
                AccessToken token = read(where, response);
                LOG.debug("token from {} for client_id {}, scope {}: expires in {} s", where, target.clientId(),
                        token.scope(), (token.expiresAt() - clock.getAsLong()) / 1000);
                result.complete(token);
            } catch (TokenException e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    private AccessToken read(String where, Response response) {
        JsonNode json = null;
        try {
            json = JSON.readTree(response.body());
        } catch (IOException e) {
            // not JSON: reported below without its text
        }
        if (response.status() < 200 || response.status() > 299) {
            JsonNode error = json == null ? null : json.get("error");
            throw fail(errors.refused(where, response.status(), error == null ? null : error.asText()));
        }
        if (json == null || !json.isObject()) {
            throw fail(errors.invalid(where, "the response is not a JSON object"));
        }
        JsonNode value = json.get("access_token");
        if (value == null || !value.isTextual() || value.asText().isEmpty()) {
            throw fail(errors.invalid(where, "no access_token"));
        }
        JsonNode type = json.get("token_type");
        // RFC 8693 answers N_A when the issued token is not an access token; anything else must be a bearer token
        if (type != null && !type.asText().equalsIgnoreCase("Bearer") && !type.asText().equals("N_A")) {
            throw fail(errors.invalid(where, "token_type is not Bearer"));
        }
        JsonNode expiresIn = json.get("expires_in");
        long lifetime = DEFAULT_LIFETIME_MS;
        if (expiresIn != null) {
            if (!expiresIn.canConvertToLong() && !expiresIn.isTextual() || expiresIn.asLong(-1) < 0) {
                throw fail(errors.invalid(where, "expires_in is not a number of seconds"));
            }
            lifetime = expiresIn.asLong() * 1000;
        }
        JsonNode scope = json.get("scope");
        return new AccessToken(value.asText(), clock.getAsLong() + lifetime, scope == null ? null : scope.asText());
    }

    private static TokenException fail(TokenException e) {
        LOG.warn("{}", e.getMessage());
        return e;
    }

    /** RFC 6749 2.3.1: id and secret form-encoded, then joined by a colon and base64-encoded. */
    private static String basic(String id, String secret) {
        String pair = URLEncoder.encode(id, StandardCharsets.UTF_8) + ":" + URLEncoder.encode(secret, StandardCharsets.UTF_8);
        return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] encode(Map<String, String> form) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, String> e : form.entrySet()) {
            if (b.length() > 0) {
                b.append('&');
            }
            b.append(URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8));
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }
}
