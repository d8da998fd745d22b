package io.lumen.config;

import static io.lumen.config.TestSupport.loader;
import static io.lumen.config.TestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fast path binds well-formed configs itself and gives exactly what Jackson gives; everything else it
 * leaves to Jackson. The differential test throws thousands of random trees, right and wrong, at both.
 */
class RecordBinderTest {
    @TempDir Path tmp;

    enum Mode { FAST, SAFE }

    record Inner(String name, int weight, List<String> tags) {}

    record Guarded(int min) {
        Guarded {
            if (min < 0) {
                throw new IllegalArgumentException("min must not be negative, got " + min);
            }
        }
    }

    record Everything(String text, Integer boxedInt, int primInt, Long boxedLong, long primLong, Double boxedDouble,
            double primDouble, Boolean boxedBool, boolean primBool, Mode mode, List<String> list, Set<String> set,
            SortedSet<String> sorted, TreeSet<Integer> tree, Map<String, String> map, Map<String, List<String>> scopes,
            Map<String, Inner> inners, List<Inner> innerList, Inner inner, Guarded guarded, Object raw) {}

    record Annotated(@JsonAlias("other") String name) {}

    record Wildcard(List<? extends CharSequence> names) {}

    record Small(float ratio) {}

    /** Built from whatever the config holds, like the tracing module's KeyValues. */
    record Delegated(String seen) {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static Delegated of(Object value) {
            if ("refuse".equals(value)) {
                throw new IllegalArgumentException("refused");
            }
            return new Delegated(value == null ? "null" : value.getClass().getSimpleName() + ":" + value);
        }
    }

    record UsesDelegated(Delegated one, List<Delegated> many, Map<String, Delegated> named) {}

    record TwoAnnotations(String seen) {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static TwoAnnotations of(@JsonAlias("x") Object value) {
            return new TwoAnnotations(String.valueOf(value));
        }
    }

    private final ObjectMapper jackson = loader(Path.of("none")).mapper();

    @Test
    void wellFormedTreesBindWithoutJackson() {
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("text", "a");
        tree.put("primInt", 7);
        tree.put("boxedLong", 5);
        tree.put("primDouble", 2);
        tree.put("boxedBool", true);
        tree.put("mode", "SAFE");
        tree.put("set", List.of("x", "y", "x"));
        tree.put("sorted", List.of("b", "a"));
        tree.put("scopes", Map.of("/v1", List.of("read")));
        tree.put("innerList", List.of(Map.of("name", "n", "weight", 3)));
        tree.put("raw", Map.of("k", List.of(1, 2.5, "s")));
        Everything e = (Everything) RecordBinder.bind(tree, Everything.class);
        assertEquals("a", e.text());
        assertEquals(7, e.primInt());
        assertEquals(5L, e.boxedLong());
        assertEquals(2.0, e.primDouble());
        assertEquals(Mode.SAFE, e.mode());
        assertEquals(Set.of("x", "y"), e.set());
        assertEquals(List.of("a", "b"), List.copyOf(e.sorted()));
        assertEquals(new Inner("n", 3, null), e.innerList().get(0));
        assertEquals(0L, e.primLong());
        assertEquals(false, e.primBool());
        sameAsJackson(tree, Everything.class);
    }

    @Test
    void leavesToJacksonWhatItDoesNotBindExactly() {
        for (Map<String, Object> tree : List.<Map<String, Object>>of(
                Map.of("unknown", 1),                 // unknown key: Jackson lists the known ones
                Map.of("primInt", "8080"),            // string to number: Jackson's coercion
                Map.of("text", 2.5),                  // a decimal as text: Jackson's formatting
                Map.of("boxedBool", "true"),          // text to boolean
                Map.of("map", "k=v"),                 // text that is no map: Jackson reports it
                Map.of("list", "[a, b"),              // broken flow text
                Map.of("primInt", ""),                // an empty default for a primitive
                Map.of("boxedInt", 2.5),              // refused by Jackson
                Map.of("boxedInt", 3_000_000_000L),   // out of range
                Map.of("boxedLong", BigInteger.TEN.pow(30)),
                Map.of("mode", "safe"),               // not a constant's name
                Map.of("guarded", Map.of("min", -1)), // the constructor refuses: Jackson reports its message
                Map.of("inner", "abc"))) {
            assertThrows(RecordBinder.Unsupported.class, () -> RecordBinder.bind(tree, Everything.class), tree::toString);
        }
        Map<String, Object> nullPrimitive = new LinkedHashMap<>();
        nullPrimitive.put("primInt", null);
        assertThrows(RecordBinder.Unsupported.class, () -> RecordBinder.bind(nullPrimitive, Everything.class));
        assertThrows(RecordBinder.Unsupported.class, () -> RecordBinder.bind(Map.of("name", "n"), Annotated.class));
        assertThrows(RecordBinder.Unsupported.class, () -> RecordBinder.bind(Map.of(), Wildcard.class));
        assertThrows(RecordBinder.Unsupported.class, () -> RecordBinder.bind(Map.of(), Small.class));
    }

    @Test
    void textFormsBindAsJacksonBindsThem() {
        for (Map<String, Object> tree : List.<Map<String, Object>>of(
                Map.of("list", "a, b,, c "), Map.of("list", "[a, 1, true]"), Map.of("list", " "),
                Map.of("set", "x, y, x"), Map.of("sorted", "[b, a]"), Map.of("tree", "[3, 1]"),
                Map.of("map", "{k: v, n: 1}"), Map.of("map", ""), Map.of("scopes", "{/v1: [read, write]}"),
                Map.of("inners", "{a: {name: n, weight: 2}}"), Map.of("innerList", "[{name: n}]"),
                Map.of("text", 8080), Map.of("text", true), Map.of("text", 5_000_000_000L),
                Map.of("boxedInt", "", "boxedLong", "", "boxedDouble", "", "boxedBool", "", "text", ""),
                Map.of("raw", ""))) {
            sameAsJackson(tree, Everything.class);
        }
    }

    @Test
    void delegatingFactoriesGetWhatJacksonGivesThem() {
        List<Object> values = new ArrayList<>(List.of("", "abc", 5, 5_000_000_000L, 2.5, true, List.of(1, "x"),
                Map.of("a", 1, "b", List.of("x"))));
        values.add(null);
        for (Object v : values) {
            Map<String, Object> tree = new LinkedHashMap<>();
            tree.put("one", v);
            tree.put("many", v == null ? List.of() : List.of(v));
            tree.put("named", v == null ? Map.of() : Map.of("k", v));
            sameAsJackson(tree, UsesDelegated.class);
        }
        assertThrows(RecordBinder.Unsupported.class, () -> RecordBinder.bind(Map.of("one", "refuse"), UsesDelegated.class));
        assertThrows(RecordBinder.Unsupported.class, () -> RecordBinder.bind("v", TwoAnnotations.class));
    }

    @Test
    void errorsStayJacksonsThroughTheLoader() {
        write(tmp, "e.yml", "guarded:\n  min: -1\nprimInt: abc\n");
        ConfigException e = assertThrows(ConfigException.class, () -> loader(tmp).load("e", Everything.class));
        assertTrue(e.getMessage().startsWith(tmp.resolve("e.yml") + ":"), e.getMessage());
        write(tmp, "g.yml", "min: -1\n");
        assertEquals(tmp.resolve("g.yml") + ":1: min must not be negative, got -1",
                assertThrows(ConfigException.class, () -> loader(tmp).load("g", Guarded.class)).getMessage());
    }

    /** Random trees, mostly right, sometimes wrong; whatever the fast path binds must equal Jackson's binding. */
    @Test
    void randomTreesBindAsJacksonBindsThem() {
        Random random = new Random(20261127);
        int fast = 0;
        int total = 3000;
        for (int i = 0; i < total; i++) {
            boolean wellFormed = i % 2 == 0; // half the trees as a config file would be, half with mistakes
            Object tree = value(Everything.class, null, new Trees(random, wellFormed), 0);
            Object bound;
            try {
                bound = RecordBinder.bind(tree, Everything.class);
            } catch (RecordBinder.Unsupported notMine) {
                if (wellFormed) {
                    fail("a well-formed tree went to Jackson: " + tree);
                }
                continue;
            }
            fast++;
            Object expected;
            try {
                expected = viaJackson(tree, Everything.class);
            } catch (Exception e) {
                throw new AssertionError("fast path bound " + tree + " but Jackson refuses it: " + e, e);
            }
            assertSame(expected, bound, tree);
        }
        assertTrue(fast > total / 2, "the fast path bound only " + fast + " of " + total + " trees");
    }

    private void sameAsJackson(Object tree, Class<?> type) {
        try {
            assertSame(viaJackson(tree, type), RecordBinder.bind(tree, type), tree);
        } catch (java.io.IOException e) {
            fail(e);
        }
    }

    private Object viaJackson(Object tree, Class<?> type) throws java.io.IOException {
        com.fasterxml.jackson.databind.JsonNode node = jackson.valueToTree(tree);
        return jackson.readerFor(type).readValue(node);
    }

    /** Equal values of the same classes, collections and records compared element by element. */
    private static void assertSame(Object expected, Object actual, Object tree) {
        assertEquals(expected, actual, () -> "tree " + tree);
        if (expected == null) {
            return;
        }
        assertEquals(expected.getClass(), actual.getClass(), () -> "class of " + expected + " in tree " + tree);
        if (expected instanceof Record) {
            for (RecordComponent rc : expected.getClass().getRecordComponents()) {
                try {
                    assertSame(rc.getAccessor().invoke(expected), rc.getAccessor().invoke(actual), tree);
                } catch (ReflectiveOperationException e) {
                    fail(e);
                }
            }
        } else if (expected instanceof Collection<?> c) {
            Iterator<?> a = ((Collection<?>) actual).iterator();
            for (Object item : c) {
                assertSame(item, a.next(), tree);
            }
        } else if (expected instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                assertSame(e.getValue(), ((Map<?, ?>) actual).get(e.getKey()), tree);
            }
            assertEquals(List.copyOf(m.keySet()), List.copyOf(((Map<?, ?>) actual).keySet()), () -> "key order in " + tree);
        }
    }

    /** Random choices; a well-formed tree has only values of the right kinds and known keys. */
    private record Trees(Random random, boolean wellFormed) {
        int nextInt(int bound) {
            return random.nextInt(bound);
        }

        boolean nextBoolean() {
            return random.nextBoolean();
        }

        boolean mistake(int oneIn) {
            return !wellFormed && random.nextInt(oneIn) == 0;
        }
    }

    /** A value for the type: of the right kind, or in a tree with mistakes one time in eight something else. */
    private static Object value(Class<?> type, java.lang.reflect.Type generic, Trees r, int depth) {
        if (r.mistake(8) || (depth > 3 && !r.wellFormed())) {
            return wrong(r.random());
        }
        if (type.isRecord()) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (RecordComponent rc : type.getRecordComponents()) {
                if (r.nextInt(3) > 0) {
                    map.put(rc.getName(), value(rc.getType(), rc.getGenericType(), r, depth + 1));
                }
            }
            if (r.mistake(40)) {
                map.put("surprise", 1);
            }
            return map;
        }
        if (type == String.class || type == Object.class) {
            return "s" + r.nextInt(5);
        }
        if (type == Integer.class || type == int.class) {
            return r.nextInt(20) - (r.wellFormed() ? 0 : 3);
        }
        if (type == Long.class || type == long.class) {
            return r.nextBoolean() || r.wellFormed() ? (Object) r.nextInt(100) : (Object) (r.nextInt(100) / 4.0);
        }
        if (type == Double.class || type == double.class) {
            return r.nextBoolean() ? (Object) r.nextInt(100) : (Object) (r.nextInt(100) / 4.0);
        }
        if (type == Boolean.class || type == boolean.class) {
            return r.nextBoolean();
        }
        if (type.isEnum()) {
            return r.nextBoolean() ? "FAST" : "SAFE";
        }
        java.lang.reflect.Type[] args = ((java.lang.reflect.ParameterizedType) generic).getActualTypeArguments();
        if (Collection.class.isAssignableFrom(type) && args[0] == String.class && r.nextInt(4) == 0) {
            return r.nextBoolean() ? "s1, s2,s3" : "[s4, s1]"; // light-4j's lists as text
        }
        if (Map.class.isAssignableFrom(type) && args[1] == String.class && r.nextInt(4) == 0) {
            return r.nextBoolean() ? "{k1: s1, k2: s2}" : "";
        }
        if (Collection.class.isAssignableFrom(type)) {
            List<Object> list = new ArrayList<>();
            for (int i = r.nextInt(4); i > 0; i--) {
                list.add(element(args[0], r, depth));
            }
            return list;
        }
        Map<Object, Object> map = new LinkedHashMap<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            map.put(r.mistake(10) ? (Object) i : "k" + r.nextInt(6), element(args[1], r, depth));
        }
        return map;
    }

    private static Object element(java.lang.reflect.Type type, Trees r, int depth) {
        if (type instanceof Class<?> c) {
            return value(c, null, r, depth + 1);
        }
        java.lang.reflect.ParameterizedType p = (java.lang.reflect.ParameterizedType) type;
        return value((Class<?>) p.getRawType(), p, r, depth + 1);
    }

    private static Object wrong(Random r) {
        return switch (r.nextInt(9)) {
            case 0 -> null;
            case 1 -> "8080";
            case 2 -> "a, b";
            case 3 -> 2.5;
            case 4 -> true;
            case 5 -> List.of("x");
            case 6 -> Map.of("name", "n");
            case 7 -> 4_000_000_000L;
            default -> "";
        };
    }
}
