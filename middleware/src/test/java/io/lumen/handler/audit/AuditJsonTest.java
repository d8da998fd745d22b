package io.lumen.handler.audit;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AuditJsonTest {
    private static String quoted(String s) {
        StringBuilder b = new StringBuilder();
        Json.string(b, s);
        return b.toString();
    }

    @Test
    void stringsAreEscapedSoJacksonReadsThemBack() throws Exception {
        String nasty = "a\"b\\c\nd\re\tf\u0001g\u001fh é 漢 \uD83D\uDE00 </script>";
        assertEquals(nasty, new ObjectMapper().readValue(quoted(nasty), String.class));
        assertEquals("\"plain\"", quoted("plain"));
        assertEquals("\"\\u0001\"", quoted("\u0001"));
    }

    @Test
    void millisecondsHaveThreeDecimals() {
        StringBuilder b = new StringBuilder();
        Json.millis(b, 18_325_999L);
        b.append(' ');
        Json.millis(b, 5_000L);
        b.append(' ');
        Json.millis(b, 2_000_000_000L);
        assertEquals("18.325 0.005 2000.000", b.toString());
    }

    @Test
    void timestampsMatchIsoInstantWithMillis() {
        UtcTimestamps t = new UtcTimestamps();
        for (long ms : new long[] {0L, 1_763_770_606_097L, 1_763_770_606_007L, 1_763_770_607_000L, 4_102_444_799_999L}) {
            StringBuilder b = new StringBuilder();
            t.append(b, ms);
            String iso = Instant.ofEpochMilli(ms).toString();
            String expected = iso.contains(".") ? iso : iso.replace("Z", ".000Z");
            assertEquals(expected, b.toString());
        }
    }
}
