package io.lumen.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class ConfigExceptionTest {
    @Test
    void fullMessage() {
        ConfigException e = new ConfigException("server.yml", 12, "httpPort", "expected an integer but got 'abc'");
        assertEquals("server.yml:12: httpPort: expected an integer but got 'abc'", e.getMessage());
        assertEquals("server.yml", e.file());
        assertEquals(12, e.line());
        assertEquals("httpPort", e.key());
        assertEquals("expected an integer but got 'abc'", e.problem());
    }

    @Test
    void unknownPartsAreOmitted() {
        assertEquals("server.yml: httpPort: bad", new ConfigException("server.yml", 0, "httpPort", "bad").getMessage());
        assertEquals("server.yml:12: bad", new ConfigException("server.yml", 12, null, "bad").getMessage());
        assertEquals("bad", new ConfigException(null, 0, null, "bad").getMessage());
        assertNull(new ConfigException("f", 0, "", "bad").key());
    }

    @Test
    void keepsCause() {
        Throwable cause = new IllegalStateException("x");
        assertSame(cause, new ConfigException("f", 1, "k", "p", cause).getCause());
    }
}
