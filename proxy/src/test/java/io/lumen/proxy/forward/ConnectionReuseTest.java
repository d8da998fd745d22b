package io.lumen.proxy.forward;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Connection header's tokens, as the proxy reads them to retire a connection. */
class ConnectionReuseTest {
    @Test
    void tokensAreWholeCommaSeparatedValuesIgnoringCase() {
        assertTrue(ConnectionReuse.hasToken("close", "close"));
        assertTrue(ConnectionReuse.hasToken("Close", "close"));
        assertTrue(ConnectionReuse.hasToken("keep-alive, Close", "close"));
        assertTrue(ConnectionReuse.hasToken(" x-foo ,\tclose\t", "close"));
        assertTrue(ConnectionReuse.hasToken("Keep-Alive", "keep-alive"));
        assertFalse(ConnectionReuse.hasToken("closed", "close"));
        assertFalse(ConnectionReuse.hasToken("x-close, keep-alive", "close"));
        assertFalse(ConnectionReuse.hasToken("", "close"));
        assertFalse(ConnectionReuse.hasToken(", ,", "close"));
    }
}
