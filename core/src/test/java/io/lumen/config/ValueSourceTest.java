package io.lumen.config;

import static io.lumen.config.TestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An embedding application's values sit between the environment variable and values.yml. */
class ValueSourceTest {
    @TempDir Path tmp;

    private ConfigLoader loader(Map<String, String> env, Map<String, Object> embedded) {
        return ConfigLoader.builder().configDirs(List.of(tmp)).env(env::get).values(embedded::get).build();
    }

    @Test
    void environmentBeatsTheEmbeddingApplicationWhichBeatsValuesYml() {
        write(tmp, "values.yml", "a.one: from-values\na.two: from-values\na.three: from-values\n");
        write(tmp, "x.yml", "one: ${a.one}\ntwo: ${a.two}\nthree: ${a.three}\n");
        ConfigLoader loader = loader(Map.of("A_ONE", "from-env"), Map.of("a.one", "embedded", "a.two", "embedded"));
        Map<?, ?> tree = (Map<?, ?>) loader.find("x").orElseThrow().tree();
        assertEquals("from-env", tree.get("one"));
        assertEquals("embedded", tree.get("two"));
        assertEquals("from-values", tree.get("three"));
    }

    @Test
    void stringsAreTypedLikeEnvironmentVariablesAndObjectsKeptAsGiven() {
        write(tmp, "x.yml", "port: ${p}\nflag: ${f}\nlist: ${l}\n");
        ConfigLoader loader = loader(Map.of(), Map.of("p", "9090", "f", "true", "l", List.of("a", "b")));
        Map<?, ?> tree = (Map<?, ?>) loader.find("x").orElseThrow().tree();
        assertEquals(9090, tree.get("port"));
        assertEquals(true, tree.get("flag"));
        assertEquals(List.of("a", "b"), tree.get("list"));
        assertEquals(9090, loader.value("p").orElseThrow());
    }
}
