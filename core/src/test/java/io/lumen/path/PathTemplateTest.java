package io.lumen.path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PathTemplateTest {
    @Test
    void parsesParametersAndShape() {
        PathTemplate t = PathTemplate.parse("/v1/pets/{petId}/toys/{toyId}");
        assertEquals(List.of("petId", "toyId"), t.paramNames());
        assertEquals("/v1/pets/{}/toys/{}", t.shape());
        assertFalse(t.isLiteral());
    }

    @Test
    void literalAndWildcardTemplates() {
        assertTrue(PathTemplate.parse("/v1/pets").isLiteral());
        assertEquals("/", PathTemplate.parse("/").shape());
        PathTemplate w = PathTemplate.parse("/static/*");
        assertTrue(w.hasWildcard());
        assertEquals("/static/*", w.shape());
    }

    @Test
    void aParameterMayHaveLiteralTextAroundItInItsSegment() {
        // OpenAPI path templating marks a section of a segment: /Accounts/{Sid}.json, /v{major}/items
        PathTemplate t = PathTemplate.parse("/v{major}/Accounts/{Sid}.json");
        assertEquals(List.of("major", "Sid"), t.paramNames());
        assertEquals("/v{}/Accounts/{}.json", t.shape());
        assertEquals(List.of(new PathTemplate.Segment(null, "major", "v", ""), new PathTemplate.Segment("Accounts", null, "", ""),
                new PathTemplate.Segment(null, "Sid", "", ".json")), t.parts());
        assertEquals(PathTemplate.parse("/v{x}/Accounts/{y}.json").shape(), t.shape());
        assertFalse(PathTemplate.parse("/a/{id}").shape().equals(PathTemplate.parse("/a/{id}.json").shape()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "v1/pets           | a path must start with '/'",
        "/a/*/b            | '*' is only allowed as the last segment",
        "/a/{name}.{ext}   | one parameter per segment",
        "/a/x{id}y{z}      | one parameter per segment",
        "/a/{}.json        | is not a parameter",
        "/a/x}y            | mixes text with '{', '}' or '*'",
        "/a/{id            | is not a parameter",
        "/a/{1x}           | is not a parameter",
        "/a/{id}/{id}      | parameter {id} appears twice",
        "/a//b             | has an empty segment",
    })
    void rejectsMalformedTemplatesSayingWhy(String template, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PathTemplate.parse(template));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
