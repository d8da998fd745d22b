package io.lumen.config;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/** Turns Jackson's binding exceptions into one-line {@link ConfigException}s that name file, line and key. */
final class BindingErrors {
    private BindingErrors() {}

    static ConfigException toConfigException(ConfigFile file, String basePointer, JsonMappingException e) {
        String pointer = basePointer + pointerOf(e);
        String problem = problem(file, pointer, e);
        return file.error(pointer, problem, e); // a value injected from values.yml is named at its line there
    }

    /** Jackson's reference path as a JSON pointer: field names for maps and objects, indexes for lists. */
    static String pointerOf(JsonMappingException e) {
        String pointer = "";
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                pointer = JsonPointers.child(pointer, ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                pointer = JsonPointers.child(pointer, ref.getIndex());
            }
        }
        return pointer;
    }

    private static String problem(ConfigFile file, String pointer, JsonMappingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            String known = u.getKnownPropertyIds() == null ? "" : u.getKnownPropertyIds().stream()
                    .map(String::valueOf).sorted().collect(Collectors.joining(", "));
            return "unknown key '" + u.getPropertyName() + "'" + (known.isEmpty() ? "" : " (known keys: " + known + ")");
        }
        if (e instanceof ValueInstantiationException) {
            // A record's compact constructor rejected the values: its message is the problem.
            Throwable cause = e.getCause();
            while (cause != null && cause.getMessage() == null && cause.getCause() != null) {
                cause = cause.getCause();
            }
            return cause != null && cause.getMessage() != null ? cause.getMessage() : firstLine(e.getOriginalMessage());
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
            Object actual = e instanceof InvalidFormatException f && f.getValue() != null
                    ? f.getValue() : file.valueAt(pointer);
            if (actual == JsonPointers.ABSENT) {
                return "expected " + expected(m.getTargetType()) + " but the key is missing";
            }
            return "expected " + expected(m.getTargetType()) + " but got " + describe(actual);
        }
        return firstLine(e.getOriginalMessage());
    }

    static String expected(Class<?> type) {
        if (type == int.class || type == long.class || type == short.class || type == byte.class
                || type == Integer.class || type == Long.class || type == Short.class || type == Byte.class
                || type == BigInteger.class) {
            return "an integer";
        }
        if (type == double.class || type == float.class || type == Double.class || type == Float.class
                || type == BigDecimal.class || type == Number.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "a boolean";
        }
        if (CharSequence.class.isAssignableFrom(type) || type == char.class || type == Character.class) {
            return "a string";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(Objects::toString)
                    .collect(Collectors.joining(", "));
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord() || !type.getName().startsWith("java.")) {
            return "a map";
        }
        return "a " + type.getSimpleName();
    }

    static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Map<?, ?>) {
            return "a map";
        }
        if (value instanceof Collection<?> || value.getClass().isArray()) {
            return "a list";
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        return "'" + value + "'";
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "invalid value";
        }
        int nl = text.indexOf('\n');
        return (nl < 0 ? text : text.substring(0, nl)).trim();
    }
}
