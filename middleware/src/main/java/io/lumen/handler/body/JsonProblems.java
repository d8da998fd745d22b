package io.lumen.handler.body;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.lumen.status.Status;

import java.io.CharConversionException;
import java.io.IOException;
import java.util.Locale;

/**
 * Says what is wrong with a JSON text in Lumen's words, for an error description a client reads:
 * never Jackson's class or method names ({@code StreamReadConstraints.getMaxNestingDepth()}),
 * Java types or character codes, and never more than {@link Status#MAX_ECHO} characters of the
 * client's own input. The position is added when Jackson knows it. Stateless, thread-safe.
 */
public final class JsonProblems {
    private JsonProblems() {
    }

    /** What is wrong with the JSON that {@code e} came from, e.g. {@code unexpected character '}' (line 1, column 9)}. */
    public static String describe(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ExactJson.NumberTooLargeException tooLarge) {
                return tooLarge.getMessage();
            }
        }
        if (!(e instanceof IOException io)) {
            return "not valid JSON";
        }
        return describe(io);
    }

    private static String describe(IOException e) {
        String what = what(e);
        JsonLocation at = e instanceof JsonProcessingException p ? p.getLocation() : null;
        if (at == null || at.getLineNr() < 1) {
            return what;
        }
        return what + " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
    }

    private static String what(IOException e) {
        String msg = e instanceof JsonProcessingException p && p.getOriginalMessage() != null ? p.getOriginalMessage()
                : String.valueOf(e.getMessage());
        String lower = msg.toLowerCase(Locale.ROOT);
        if (e instanceof StreamConstraintsException) {
            StreamReadConstraints limits = StreamReadConstraints.defaults();
            if (lower.contains("nesting depth")) {
                return "the JSON nests objects and arrays more than " + limits.getMaxNestingDepth() + " levels deep";
            }
            if (lower.contains("number")) {
                return "a number has more than " + limits.getMaxNumberLength() + " characters";
            }
            if (lower.contains("name")) {
                return "a property name is longer than allowed";
            }
            if (lower.contains("string")) {
                return "a string is longer than " + limits.getMaxStringLength() + " characters";
            }
            return "the JSON is larger than allowed";
        }
        if (e instanceof CharConversionException || lower.contains("invalid utf-8") || lower.contains("utf8")) {
            return "the JSON is not valid UTF-8";
        }
        if (e instanceof InputCoercionException) {
            return "a number is out of range";
        }
        if (e instanceof MismatchedInputException) {
            if (lower.contains("trailing token")) {
                return "there is more after the JSON value";
            }
            if (lower.contains("no content") || lower.contains("end-of-input")) {
                return "the JSON ends too early";
            }
            return "the JSON does not have the expected shape";
        }
        if (e instanceof JsonParseException) {
            if (lower.contains("end-of-input") || lower.contains("unexpected end")) {
                return "the JSON ends too early";
            }
            if (lower.contains("illegal unquoted character") || lower.contains("ctrl-char")) {
                return "a control character in a string must be escaped";
            }
            if (lower.contains("leading zeroes")) {
                return "a number has leading zeros";
            }
            if (lower.contains("non-standard token") || lower.contains("nan") && lower.contains("not allowed")) {
                return "NaN and Infinity are not JSON numbers";
            }
            if (lower.startsWith("duplicate field")) {
                return "the key " + quoted(msg, "field '") + " appears twice in one object";
            }
            if (lower.contains("unrecognized token")) {
                return "unrecognized token " + quoted(msg, "token '");
            }
            if (lower.contains("unexpected close marker")) {
                return "a closing bracket does not match its opening one";
            }
            if (lower.contains("unexpected character")) {
                return "unexpected character " + quoted(msg, "character ('");
            }
            if (lower.contains("unrecognized character escape")) {
                return "a string has an invalid escape sequence";
            }
        }
        return "not valid JSON";
    }

    /** The text after {@code marker} up to its closing quote, capped; Jackson quotes the offending input there. */
    private static String quoted(String msg, String marker) {
        int at = msg.indexOf(marker);
        if (at < 0) {
            return "";
        }
        int start = at + marker.length();
        int end = msg.indexOf('\'', start + 1);
        String text = end < 0 ? msg.substring(start) : msg.substring(start, end);
        return "'" + Status.excerpt(text) + "'";
    }
}
