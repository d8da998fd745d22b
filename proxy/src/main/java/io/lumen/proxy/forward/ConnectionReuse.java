package io.lumen.proxy.forward;

import io.undertow.client.ClientResponse;
import io.undertow.util.Headers;
import io.undertow.util.Protocols;

/**
 * Whether an upstream's HTTP/1.x response ends its connection, so that the proxy never lends that
 * connection again (it would be closed under the next request). Runs once per response without
 * allocating.
 */
final class ConnectionReuse {
    private ConnectionReuse() {
    }

    /** HTTP/1.1 {@code Connection: close}, or HTTP/1.0 without keep-alive. */
    static boolean closes(ClientResponse response) {
        String connection = response.getResponseHeaders().getFirst(Headers.CONNECTION);
        if (response.getProtocol().equals(Protocols.HTTP_1_0)) {
            return connection == null || !hasToken(connection, "keep-alive");
        }
        return connection != null && hasToken(connection, "close");
    }

    /** {@code token} among the comma-separated values, ignoring case (no allocation: runs per response). */
    static boolean hasToken(String header, String token) {
        int n = header.length();
        int i = 0;
        while (i < n) {
            while (i < n && (header.charAt(i) == ' ' || header.charAt(i) == ',' || header.charAt(i) == '\t')) {
                i++;
            }
            int end = header.indexOf(',', i);
            if (end < 0) {
                end = n;
            }
            int last = end;
            while (last > i && (header.charAt(last - 1) == ' ' || header.charAt(last - 1) == '\t')) {
                last--;
            }
            if (last - i == token.length() && header.regionMatches(true, i, token, 0, token.length())) {
                return true;
            }
            i = end + 1;
        }
        return false;
    }
}
