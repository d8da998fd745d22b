package io.lumen.config;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The scalar rules of config binding: which tree values a string, number, boolean or enum field takes,
 * and the words of the problem when it takes none. Text from values.yml and the environment is read as
 * the field's type ({@code "8080"} as 8080, {@code "true"} as true); a number or boolean is taken as text
 * by a string field; an empty string (an empty {@code ${key:}} default) leaves a boxed or enum field unset.
 * A decimal never becomes an integer, and nothing else is coerced.
 */
final class Scalars {
    /** The value does not fit the type; the caller reports {@link #expected} and {@link #describe}. */
    static final class Mismatch extends Exception {
        private static final long serialVersionUID = 1L;
        static final Mismatch INSTANCE = new Mismatch();

        private Mismatch() {
            super("mismatch", null, false, false);
        }
    }

    private Scalars() {}

    /** Whether {@code type} is one of the scalar types these rules cover. */
    static boolean covers(Class<?> type) {
        return type.isPrimitive() && type != char.class && type != void.class || type == String.class
                || type == Integer.class || type == Long.class || type == Double.class || type == Boolean.class
                || type == Float.class || type == Short.class || type == Byte.class
                || type == BigInteger.class || type == BigDecimal.class || type.isEnum();
    }

    /** {@code value} (a tree scalar, or null) as {@code type}, a type {@link #covers} covers. */
    static Object convert(Object value, Class<?> type) throws Mismatch {
        if (value == null || "".equals(value) && type != String.class) {
            if (type.isPrimitive()) {
                throw Mismatch.INSTANCE; // null for an int: a mistake, not a default
            }
            return null;
        }
        if (type == String.class) {
            if (value instanceof String || value instanceof Boolean || value instanceof Number) {
                return value.toString();
            }
            throw Mismatch.INSTANCE;
        }
        if (type == Boolean.class || type == boolean.class) {
            return bool(value);
        }
        if (type.isEnum()) {
            return constant(value, type);
        }
        if (type == Double.class || type == double.class) {
            return value instanceof Double d ? d : decimal(value).doubleValue();
        }
        if (type == Float.class || type == float.class) {
            return value instanceof Double d ? d.floatValue() : decimal(value).floatValue();
        }
        if (type == BigDecimal.class) {
            return decimal(value);
        }
        BigInteger n = integer(value);
        if (type == BigInteger.class) {
            return n;
        }
        long min;
        long max;
        if (type == Integer.class || type == int.class) {
            min = Integer.MIN_VALUE;
            max = Integer.MAX_VALUE;
        } else if (type == Short.class || type == short.class) {
            min = Short.MIN_VALUE;
            max = Short.MAX_VALUE;
        } else if (type == Byte.class || type == byte.class) {
            min = Byte.MIN_VALUE;
            max = Byte.MAX_VALUE;
        } else {
            min = Long.MIN_VALUE;
            max = Long.MAX_VALUE;
        }
        if (n.bitLength() > 63 || n.longValue() < min || n.longValue() > max) {
            throw Mismatch.INSTANCE;
        }
        long l = n.longValue();
        if (type == Integer.class || type == int.class) {
            return (int) l;
        }
        if (type == Short.class || type == short.class) {
            return (short) l;
        }
        if (type == Byte.class || type == byte.class) {
            return (byte) l;
        }
        return l;
    }

    /** What a primitive field holds when its key is absent: its default, so the record's constructor can apply its own. */
    static Object absent(Class<?> primitive) {
        if (primitive == boolean.class) {
            return false;
        }
        if (primitive == char.class) {
            return '\0';
        }
        if (primitive == double.class) {
            return 0d;
        }
        if (primitive == float.class) {
            return 0f;
        }
        if (primitive == long.class) {
            return 0L;
        }
        if (primitive == short.class) {
            return (short) 0;
        }
        if (primitive == byte.class) {
            return (byte) 0;
        }
        return 0;
    }

    private static Boolean bool(Object value) throws Mismatch {
        if (value instanceof Boolean b) {
            return b;
        }
        if (value instanceof String s) {
            String t = s.trim();
            if (t.equalsIgnoreCase("true")) {
                return true;
            }
            if (t.equalsIgnoreCase("false")) {
                return false;
            }
        }
        throw Mismatch.INSTANCE;
    }

    private static Object constant(Object value, Class<?> type) throws Mismatch {
        if (value instanceof String s) {
            for (Object c : type.getEnumConstants()) {
                if (((Enum<?>) c).name().equals(s)) {
                    return c;
                }
            }
        }
        throw Mismatch.INSTANCE;
    }

    private static BigInteger integer(Object value) throws Mismatch {
        if (value instanceof Integer || value instanceof Long) {
            return BigInteger.valueOf(((Number) value).longValue());
        }
        if (value instanceof BigInteger b) {
            return b;
        }
        if (value instanceof String s) {
            try {
                return new BigInteger(s.trim());
            } catch (NumberFormatException e) {
                throw Mismatch.INSTANCE;
            }
        }
        throw Mismatch.INSTANCE; // a decimal, a boolean, a list, a map
    }

    private static BigDecimal decimal(Object value) throws Mismatch {
        if (value instanceof Integer || value instanceof Long) {
            return BigDecimal.valueOf(((Number) value).longValue());
        }
        if (value instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        if (value instanceof Double d && Double.isFinite(d)) {
            return BigDecimal.valueOf(d);
        }
        if (value instanceof String s) {
            try {
                return new BigDecimal(s.trim());
            } catch (NumberFormatException e) {
                throw Mismatch.INSTANCE;
            }
        }
        throw Mismatch.INSTANCE;
    }

    /** The expected kind of value, for a problem: "an integer", "one of A, B", "a map". */
    static String expected(Class<?> type) {
        if (type == int.class || type == long.class || type == short.class || type == byte.class
                || type == Integer.class || type == Long.class || type == Short.class || type == Byte.class
                || type == BigInteger.class) {
            return "an integer";
        }
        if (type == double.class || type == float.class || type == Double.class || type == Float.class
                || type == BigDecimal.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "a boolean";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(Objects::toString)
                    .collect(Collectors.joining(", "));
        }
        if (Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        return "a map";
    }

    /** A tree value as a problem names it: {@code 'abc'}, {@code 2.5}, {@code null}, {@code a list}. */
    static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Map<?, ?>) {
            return "a map";
        }
        if (value instanceof Collection<?>) {
            return "a list";
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        return "'" + value + "'";
    }
}
