package io.lumen.status;

import io.lumen.config.ConfigLoader;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ErrorCodesTest {
    @Test
    void theConstantsNameExactlyTheCodesOfLumensStatusTableByTheirMessage() throws IllegalAccessException {
        Map<String, String> constants = new LinkedHashMap<>();
        for (Field f : ErrorCodes.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                constants.put((String) f.get(null), f.getName());
            }
        }
        StatusCatalogue table = StatusCatalogue.load(ConfigLoader.builder().configDirs(List.of()).env(k -> null).build());
        Map<String, String> expected = new LinkedHashMap<>();
        table.all().values().forEach(s -> expected.put(s.code(), s.message()));
        assertEquals(new TreeMap<>(expected), new TreeMap<>(constants));
    }
}
