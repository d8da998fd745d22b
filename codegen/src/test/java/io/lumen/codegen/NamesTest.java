package io.lumen.codegen;

import io.lumen.codegen.example.PatternSample;
import io.lumen.codegen.naming.NameTable;
import io.lumen.codegen.naming.Names;
import org.junit.jupiter.api.Test;

import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NamesTest {
    @Test
    void membersAndTypesFromSpecNames() {
        assertEquals("listPets", Names.member("list-pets"));
        assertEquals("listPets", Names.member("ListPets"));
        assertEquals("httpServer", Names.member("HTTPServer"));
        assertEquals("xRequestID", Names.member("X-Request-ID"));
        assertEquals("_2faSetStatus", Names.member("2fa-set_status"));
        assertEquals("class_", Names.member("class"));
        assertEquals("new_", Names.member("new"));
        assertEquals("hashCode_", Names.member("hashCode"));
        assertEquals("plus", Names.member("+"));
        assertEquals("ListPets", Names.type("list_pets"));
        assertEquals("_1stPlace", Names.type("1st place"));
        assertEquals("MyModelV2", Names.type("my_model.v2"));
    }

    @Test
    void enumConstantsKeepSignsAndDots() {
        assertEquals("IN_PROGRESS", Names.constant("in-progress"));
        assertEquals("PLUS_1", Names.constant("+1"));
        assertEquals("MINUS_1", Names.constant("-1"));
        assertEquals("DOT", Names.constant("."));
        assertEquals("EMPTY", Names.constant(""));
        assertEquals("startTimeLt", Names.memberSpelled("StartTime<"));
        assertEquals("startTimeGt", Names.memberSpelled("StartTime>"));
        assertEquals("atType", Names.memberSpelled("@type"));
        assertEquals("_1_5", Names.constant("1.5"));
        assertEquals("A_B", Names.constant("a.b"));
    }

    @Test
    void namesCollideWithoutCase() {
        NameTable t = new NameTable();
        assertNull(t.claim("GetItem", "first"));
        assertEquals("first", t.claim("GetItem", "second"));
        assertTrue(t.claim("getitem", "third").startsWith("first (as 'GetItem')"));
        assertEquals("GetItem2", t.unique("GetItem", "inline"));
    }

    @Test
    void patternSamplesMatch() {
        for (String p : new String[] {"^[A-Z]{4}$", "^[0-9]{4}-[0-9]{4}$", "^[a-z]{2,12}$", "\\d{3}-\\w+", "^(foo|bar)[._-]?\\d*$",
                "^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$"}) {
            String s = PatternSample.of(p);
            assertTrue(s != null && Pattern.compile(p).matcher(s).find(), p + " -> " + s);
        }
        assertNull(PatternSample.of("^(?=a)b$"), "lookarounds are outside the subset");
    }
}
