package io.lumen.handler.info;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SecretMaskerTest {
    final SecretMasker masker = new SecretMasker(List.of());

    @Test
    void headersToSendAreMaskedWhetherAMapOrText() {
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("headers", Map.of("x-honeycomb-team", "abc"));
        assertEquals(Map.of("headers", Map.of("x-honeycomb-team", "****")), masker.mask(tree));
        assertEquals(Map.of("headers", "****"), masker.mask(Map.of("headers", "api-key=abc,x=y")));
        assertEquals(Map.of("headers", ""), masker.mask(Map.of("headers", "")), "nothing to hide");
    }

    @Test
    void aListOfHeaderNamesIsShown() {
        assertEquals(Map.of("headers", List.of("X-Forwarded-For", "User-Agent")),
                masker.mask(Map.of("headers", List.of("X-Forwarded-For", "User-Agent"))));
    }

    @Test
    void anAuthorizationValueIsMaskedAnywhere() {
        assertEquals(Map.of("update", Map.of("Authorization", "****")),
                masker.mask(Map.of("update", Map.of("Authorization", "Bearer x"))));
    }
}
