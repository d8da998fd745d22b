package io.lumen.handler.correlation;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdsTest {
    @Test
    void generatedCorrelationIdsAre22UrlSafeCharactersAndDistinct() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String id = Ids.correlationId();
            assertTrue(id.matches("[A-Za-z0-9_-]{22}"), id);
            assertTrue(Ids.validCorrelationId(id));
            seen.add(id);
        }
        assertEquals(1000, seen.size());
    }

    @Test
    void correlationIdsMustBe1To128VisibleAsciiCharacters() {
        assertTrue(Ids.validCorrelationId("a"));
        assertTrue(Ids.validCorrelationId("x".repeat(128)));
        assertFalse(Ids.validCorrelationId(null));
        assertFalse(Ids.validCorrelationId(""));
        assertFalse(Ids.validCorrelationId("x".repeat(129)));
        assertFalse(Ids.validCorrelationId("has space"));
        assertFalse(Ids.validCorrelationId("tab\t"));
        assertFalse(Ids.validCorrelationId("caf\u00e9"));
    }

    @Test
    void traceAndSpanIdsAreLowerCaseHexOfW3cLength() {
        assertTrue(Ids.traceId().matches("[0-9a-f]{32}"));
        assertTrue(Ids.spanId().matches("[0-9a-f]{16}"));
    }

    @Test
    void traceparentValidationFollowsW3cVersion00() {
        assertTrue(Ids.validTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"));
        assertTrue(Ids.validTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00"));
        assertFalse(Ids.validTraceparent(null));
        assertFalse(Ids.validTraceparent("00-00000000000000000000000000000000-00f067aa0ba902b7-01"), "zero trace id");
        assertFalse(Ids.validTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01"), "zero parent id");
        assertFalse(Ids.validTraceparent("00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01"), "upper case");
        assertFalse(Ids.validTraceparent("ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"), "version ff");
        assertFalse(Ids.validTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra"));
        assertFalse(Ids.validTraceparent("00-4bf92f3577b34da6a3ce929d0e0e473-600f067aa0ba902b7-01"), "misplaced dash");
        assertFalse(Ids.validTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-0g"));
    }
}
