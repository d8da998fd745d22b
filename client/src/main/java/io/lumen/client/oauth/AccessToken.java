package io.lumen.client.oauth;

/**
 * A token from a token endpoint. {@link #toString()} never shows the value, so a token in a log
 * line or an exception message gives nothing away.
 *
 * @param value     the token, for an {@code Authorization: Bearer} header
 * @param expiresAt when it expires, on the {@link ClientTokens}' clock (ms)
 * @param scope     the scopes the server granted (its {@code scope} field), or null when it did not say
 */
public record AccessToken(String value, long expiresAt, String scope) {

    /** The {@code Authorization} header value. */
    public String bearer() {
        return "Bearer " + value;
    }

    @Override
    public String toString() {
        return "AccessToken[expiresAt=" + expiresAt + ", scope=" + scope + ", value=(redacted)]";
    }
}
