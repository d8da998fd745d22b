package io.lumen.otel.sdk;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SdkLogBridgeTest {
    static final long MINUTE = SdkLogBridge.REFILL_NANOS;

    @Test
    void aLoggerWritesFiveLinesThenOneAMinuteSayingHowManyWereLeftOut() {
        SdkLogBridge.Budget b = new SdkLogBridge.Budget();
        long t = 1_000;
        for (int i = 0; i < SdkLogBridge.BURST; i++) {
            assertEquals(0, b.take(t));
        }
        for (int i = 0; i < 100; i++) {
            assertEquals(-1, b.take(t + i));
        }
        assertEquals(-1, b.take(t + MINUTE - 1));
        assertEquals(101, b.take(t + MINUTE), "the line a minute later counts the ones left out");
        assertEquals(-1, b.take(t + MINUTE + 1));
        assertEquals(1, b.take(t + 2 * MINUTE));
    }

    @Test
    void aQuietLoggerEarnsItsBurstBack() {
        SdkLogBridge.Budget b = new SdkLogBridge.Budget();
        for (int i = 0; i < SdkLogBridge.BURST; i++) {
            b.take(0);
        }
        assertEquals(-1, b.take(1));
        long later = 10 * MINUTE;
        assertEquals(1, b.take(later));
        for (int i = 1; i < SdkLogBridge.BURST; i++) {
            assertEquals(0, b.take(later));
        }
        assertEquals(-1, b.take(later));
    }

    @Test
    void anExceptionIsDescribedWithItsRootCause() {
        Exception e = new IOException("header parser received no bytes", new ConnectException());
        assertEquals("java.io.IOException: header parser received no bytes, caused by java.net.ConnectException",
                SdkLogBridge.describe(e));
        assertEquals("java.net.ConnectException: refused", SdkLogBridge.describe(new ConnectException("refused")));
    }
}
