package io.lumen.config;

import static io.lumen.config.TestSupport.loader;
import static io.lumen.config.TestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
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
 * Config binding's rules, value by value, and its problems, all of them in one pass. A randomized test
 * throws thousands of trees, right and wrong, at it.
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
        static TwoAnnotations of(@JsonProperty("x") Object value) {
            return new TwoAnnotations(String.valueOf(value));
        }
    }

    record Renamed(@JsonProperty("other") String name) {}

    static final class Pojo {
        public String name;
    }

    private static Object bound(Object tree, Class<?> type) {
        RecordBinder.Bound b = RecordBinder.bind(tree, type, "");
        assertEquals(List.of(), b.problems(), () -> "tree " + tree);
        return b.value();
    }

    /** Each problem as {@code pointer: message}. */
    private static List<String> problems(Object tree, Class<?> type) {
        RecordBinder.Bound b = RecordBinder.bind(tree, type, "");
        return b.problems().stream().map(p -> p.pointer() + ": " + p.message()).toList();
    }

    private static Map<String, Object> tree(Object... keysAndValues) {
        Map<String, Object> t = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            t.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return t;
    }

    @Test
    void wellFormedTreesBind() {
        Map<String, Object> tree = tree("text", "a", "primInt", 7, "boxedLong", 5, "primDouble", 2, "boxedBool", true,
                "mode", "SAFE", "set", List.of("x", "y", "x"), "sorted", List.of("b", "a"),
                "scopes", Map.of("/v1", List.of("read")), "innerList", List.of(Map.of("name", "n", "weight", 3)),
                "raw", Map.of("k", List.of(1, 2.5, "s")));
        Everything e = (Everything) bound(tree, Everything.class);
        assertEquals("a", e.text());
        assertEquals(7, e.primInt());
        assertEquals(5L, e.boxedLong());
        assertEquals(2.0, e.primDouble());
        assertEquals(Mode.SAFE, e.mode());
        assertEquals(Set.of("x", "y"), e.set());
        assertEquals(List.of("a", "b"), List.copyOf(e.sorted()));
        assertEquals(new Inner("n", 3, null), e.innerList().get(0));
        assertEquals(Map.of("k", List.of(1, 2.5, "s")), e.raw());
        assertEquals(0L, e.primLong(), "an absent primitive gets its default");
        assertEquals(false, e.primBool());
        assertEquals(null, e.boxedInt(), "an absent boxed value stays null");
    }

    @Test
    void textFromValuesOrTheEnvironmentTakesTheFieldsType() {
        Everything e = (Everything) bound(tree("primInt", "8080", "boxedInt", " 42 ", "primLong", "5000000000",
                "boxedDouble", "2.5", "primBool", "true", "boxedBool", "FALSE", "mode", "FAST"), Everything.class);
        assertEquals(8080, e.primInt());
        assertEquals(42, e.boxedInt());
        assertEquals(5_000_000_000L, e.primLong());
        assertEquals(2.5, e.boxedDouble());
        assertEquals(true, e.primBool());
        assertEquals(false, e.boxedBool());
        assertEquals(Mode.FAST, e.mode());
        assertEquals("8080", ((Everything) bound(tree("text", 8080), Everything.class)).text());
        assertEquals("true", ((Everything) bound(tree("text", true), Everything.class)).text());
        assertEquals("2.5", ((Everything) bound(tree("text", 2.5), Everything.class)).text());
        assertEquals(5_000_000_000L, ((Everything) bound(tree("boxedLong", BigInteger.valueOf(5_000_000_000L)),
                Everything.class)).boxedLong());
        assertEquals(0.5f, ((Small) bound(tree("ratio", 0.5), Small.class)).ratio());
    }

    @Test
    void anEmptyDefaultLeavesAFieldUnset() {
        Everything e = (Everything) bound(tree("boxedInt", "", "boxedLong", "", "boxedDouble", "", "boxedBool", "",
                "mode", "", "inner", "", "text", "", "list", "", "map", "", "raw", ""), Everything.class);
        assertEquals(new Everything("", null, 0, null, 0, null, 0, null, false, null, List.of(), null, null, null,
                Map.of(), null, null, null, null, null, ""), e);
    }

    @Test
    void lightFourJListsAndMapsWrittenAsText() {
        Everything e = (Everything) bound(tree("list", "a, b,, c ", "set", "x, y, x", "sorted", "[b, a]",
                "tree", "[3, 1]", "map", "{k: v, n: 1}", "scopes", "{/v1: [read, write]}",
                "inners", "{a: {name: n, weight: 2}}", "innerList", "[{name: n}]"), Everything.class);
        assertEquals(List.of("a", "b", "c"), e.list());
        assertEquals(Set.of("x", "y"), e.set());
        assertEquals(List.of("a", "b"), List.copyOf(e.sorted()));
        assertEquals(List.of(1, 3), List.copyOf(e.tree()));
        assertEquals(Map.of("k", "v", "n", "1"), e.map());
        assertEquals(Map.of("/v1", List.of("read", "write")), e.scopes());
        assertEquals(Map.of("a", new Inner("n", 2, null)), e.inners());
        assertEquals(List.of(new Inner("n", 0, null)), e.innerList());
        assertEquals(List.of("a", "1", "true"), ((Everything) bound(tree("list", "[a, 1, true]"), Everything.class)).list());
    }

    @Test
    void everyProblemOfATreeIsNamedInOnePass() {
        Map<String, Object> tree = tree("unknown", 1, "primInt", "abc", "boxedInt", 2.5, "boxedLong", BigInteger.TEN.pow(30),
                "primLong", 1.5, "boxedBool", 1, "primBool", "maybe", "mode", "safe", "text", Map.of("a", 1),
                "list", "[a, b", "map", "k=v", "inner", "abc", "guarded", Map.of("min", -1),
                "innerList", List.of(Map.of("name", "n"), Map.of("weight", "heavy")), "tree", List.of(1, "x"));
        tree.put("primDouble", null);
        assertEquals(List.of(
                "/unknown: unknown key 'unknown' (known keys: boxedBool, boxedDouble, boxedInt, boxedLong, guarded, inner,"
                        + " innerList, inners, list, map, mode, primBool, primDouble, primInt, primLong, raw, scopes, set,"
                        + " sorted, text, tree)",
                "/primInt: expected an integer but got 'abc'",
                "/boxedInt: expected an integer but got 2.5",
                "/boxedLong: expected an integer but got " + BigInteger.TEN.pow(30),
                "/primLong: expected an integer but got 1.5",
                "/boxedBool: expected a boolean but got 1",
                "/primBool: expected a boolean but got 'maybe'",
                "/mode: expected one of FAST, SAFE but got 'safe'",
                "/text: expected a string but got a map",
                "/list: expected a list but got '[a, b'",
                "/map: expected a map but got 'k=v'",
                "/inner: expected a map but got 'abc'",
                "/guarded: min must not be negative, got -1",
                "/innerList/1/weight: expected an integer but got 'heavy'",
                "/tree/1: expected an integer but got 'x'",
                "/primDouble: expected a number but got null"), problems(tree, Everything.class));
        assertEquals(null, RecordBinder.bind(tree, Everything.class, "").value());
    }

    @Test
    void aRecordWithAProblemOfItsOwnStillNamesItsUnknownKeysAndConstructorRefusals() {
        assertEquals(List.of("/max: unknown key 'max' (known keys: min)", ": min must not be negative, got -1"),
                problems(tree("max", 1, "min", -1), Guarded.class));
    }

    @Test
    void problemsNameTheirPlaceBelowTheBoundSubtree() {
        RecordBinder.Bound b = RecordBinder.bind(tree("weight", "x"), Inner.class, "/jwt/inner");
        assertEquals("/jwt/inner/weight", b.problems().get(0).pointer());
    }

    @Test
    void delegatingFactoriesGetTheTreeValueAsItIs() {
        UsesDelegated u = (UsesDelegated) bound(tree("one", 5, "many", List.of("x", 2.5), "named",
                Map.of("k", Map.of(1, List.of("x")))), UsesDelegated.class);
        assertEquals(new Delegated("Integer:5"), u.one());
        assertEquals(List.of(new Delegated("String:x"), new Delegated("Double:2.5")), u.many());
        assertEquals(new Delegated("LinkedHashMap:{1=[x]}"), u.named().get("k"), "map keys become text");
        Map<String, Object> withNull = tree("one", null);
        assertEquals(null, ((UsesDelegated) bound(withNull, UsesDelegated.class)).one(), "null is null, no call");
        assertEquals(List.of("/one: refused"), problems(tree("one", "refuse"), UsesDelegated.class));
    }

    @Test
    void aliasesAreKeysToo() {
        assertEquals(new Annotated("a"), bound(tree("other", "a"), Annotated.class));
        assertEquals(new Annotated("b"), bound(tree("name", "b"), Annotated.class));
    }

    @Test
    void typesConfigBindingCannotHonourAreRefusedNotGuessed() {
        assertTrue(problems(tree("name", "n"), Renamed.class).get(0).startsWith(": " + Renamed.class.getName()
                + " carries Jackson annotations config binding does not understand"));
        assertTrue(problems(tree("names", List.of("a")), Wildcard.class).get(0).startsWith("/names/0: cannot bind to ? extends"));
        assertTrue(problems(tree("name", "n"), Pojo.class).get(0).startsWith(": cannot bind to " + Pojo.class.getName()));
        assertTrue(problems("v", TwoAnnotations.class).get(0).contains("carries Jackson annotations"));
    }

    @Test
    void loaderReportsEveryProblemWithFileLineAndKey() {
        Path file = write(tmp, "e.yml", "guarded:\n  min: -1\nprimInt: abc\n");
        ConfigException e = assertThrows(ConfigException.class, () -> loader(tmp).load("e", Everything.class));
        assertEquals(List.of(file + ":1: guarded: min must not be negative, got -1",
                file + ":3: primInt: expected an integer but got 'abc'"),
                e.problems().stream().map(ConfigException::getMessage).toList());
        write(tmp, "g.yml", "min: -1\n");
        assertEquals(tmp.resolve("g.yml") + ":1: min must not be negative, got -1",
                assertThrows(ConfigException.class, () -> loader(tmp).load("g", Guarded.class)).getMessage());
    }

    /** Random trees, mostly right, sometimes wrong: well-formed ones bind, the others bind or name problems, none throws. */
    @Test
    void randomTreesBindOrNameTheirProblems() {
        Random random = new Random(20261127);
        int wrong = 0;
        for (int i = 0; i < 3000; i++) {
            boolean wellFormed = i % 2 == 0; // half the trees as a config file would be, half with mistakes
            Object tree = value(Everything.class, null, new Trees(random, wellFormed), 0);
            RecordBinder.Bound b = RecordBinder.bind(tree, Everything.class, "");
            if (wellFormed) {
                assertEquals(List.of(), b.problems(), () -> "tree " + tree);
                assertTrue(b.value() instanceof Everything, () -> "tree " + tree);
            } else if (!b.problems().isEmpty()) {
                wrong++;
            }
        }
        assertTrue(wrong > 500, "the trees with mistakes had problems only " + wrong + " times");
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
    private static Object value(Class<?> type, Type generic, Trees r, int depth) {
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
        Type[] args = ((ParameterizedType) generic).getActualTypeArguments();
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

    private static Object element(Type type, Trees r, int depth) {
        if (type instanceof Class<?> c) {
            return value(c, null, r, depth + 1);
        }
        ParameterizedType p = (ParameterizedType) type;
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
