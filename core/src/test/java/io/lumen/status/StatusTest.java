package io.lumen.status;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatusTest {
    private final Status notFound = new Status(404, "ERR10048", "PATH_NOT_IMPLEMENTED",
            "No handler defined for path '%s' and method %s", "ERROR");

    @Test
    void aLongArgumentIsCutToAnExcerptThatSaysHowLongItWas() {
        String path = "/" + "a".repeat(64 * 1024);
        String d = notFound.describe(path, "GET");
        assertTrue(d.length() < 400, "description stays short: " + d.length());
        assertTrue(d.contains("/aaaa"), d);
        assertTrue(d.contains("(65537 characters)"), d);
        assertTrue(d.endsWith("and method GET"), d);
    }

    @Test
    void shortArgumentsAreKeptAsTheyAre() {
        assertEquals("No handler defined for path '/x' and method GET", notFound.describe("/x", "GET"));
    }

    @Test
    void excerptKeepsTextUpToTheCapAndMarksTheCut() {
        assertEquals("abc", Status.excerpt("abc"));
        String cut = Status.excerpt("b".repeat(Status.MAX_ECHO + 1));
        assertTrue(cut.startsWith("b".repeat(Status.MAX_ECHO)), cut);
        assertTrue(cut.endsWith("... (" + (Status.MAX_ECHO + 1) + " characters)"), cut);
    }
}
