package io.lumen.codegen.naming;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns names from a spec into Java identifiers. Words are split at every character that cannot be
 * part of a Java identifier and at case humps ({@code listPets}, {@code HTTPServer}); a name made of
 * symbols only is spelled out ({@code +} is {@code plus}, {@code .} is {@code dot}); a leading
 * digit gets a {@code _} prefix; Java keywords, literals and names a record component cannot take
 * get a {@code _} suffix. Deterministic and locale-independent.
 */
public final class Names {
    private static final Set<String> RESERVED = Set.of(
            "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
            "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
            "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
            "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
            "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "_", "var",
            "yield", "record", "sealed", "permits", "non-sealed",
            // members every record or object already has
            "hashCode", "toString", "equals", "getClass", "notify", "notifyAll", "wait", "clone", "finalize");
    private static final Map<Character, String> SYMBOLS = Map.ofEntries(
            Map.entry('+', "plus"), Map.entry('-', "minus"), Map.entry('.', "dot"), Map.entry('*', "star"),
            Map.entry('@', "at"), Map.entry('$', "dollar"), Map.entry('#', "hash"), Map.entry('/', "slash"),
            Map.entry('=', "eq"), Map.entry('<', "lt"), Map.entry('>', "gt"), Map.entry('!', "bang"),
            Map.entry('%', "percent"), Map.entry('&', "and"), Map.entry('|', "or"), Map.entry('~', "tilde"),
            Map.entry('^', "caret"), Map.entry(' ', "space"), Map.entry(':', "colon"), Map.entry(',', "comma"),
            Map.entry(';', "semicolon"), Map.entry('?', "question"), Map.entry('(', "lparen"), Map.entry(')', "rparen"),
            Map.entry('[', "lbracket"), Map.entry(']', "rbracket"), Map.entry('{', "lbrace"), Map.entry('}', "rbrace"),
            Map.entry('\'', "quote"), Map.entry('"', "dquote"), Map.entry('\\', "backslash"), Map.entry('_', "underscore"));

    private Names() {
    }

    /** {@code list-pets} -> {@code ListPets}; empty when the name has nothing to build one from. */
    public static String type(String raw) {
        StringBuilder b = new StringBuilder();
        for (String w : words(raw)) {
            b.append(Character.toUpperCase(w.charAt(0))).append(w, 1, w.length());
        }
        return finish(b.toString());
    }

    /** {@code list-pets} -> {@code listPets}, {@code HTTPServer} -> {@code httpServer}; a method, field or parameter. */
    public static String member(String raw) {
        List<String> words = words(raw);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (i == 0) {
                b.append(w.toLowerCase(Locale.ROOT).equals(w) || isUpper(w) ? w.toLowerCase(Locale.ROOT)
                        : Character.toLowerCase(w.charAt(0)) + w.substring(1));
            } else {
                b.append(Character.toUpperCase(w.charAt(0))).append(w, 1, w.length());
            }
        }
        return finish(b.toString());
    }

    /**
     * An enum constant for a value: {@code in-progress} -> {@code IN_PROGRESS}, {@code +1} -> {@code PLUS_1},
     * {@code -1} -> {@code MINUS_1}, {@code .} -> {@code DOT}, the empty string -> {@code EMPTY}. Symbols
     * between letters or digits separate words; leading and trailing ones are spelled out, so values that
     * differ only by a sign or a dot stay apart.
     */
    public static String constant(String raw) {
        if (raw.isEmpty()) {
            return "EMPTY";
        }
        return finish(String.join("_", spelled(raw)).toUpperCase(Locale.ROOT));
    }

    /**
     * A member name with leading and trailing symbols spelled out: {@code StartTime<} -> {@code startTimeLt}.
     * For a name that {@link #member} would give to another parameter too ({@code StartTime}).
     */
    public static String memberSpelled(String raw) {
        List<String> parts = spelled(raw);
        StringBuilder b = new StringBuilder();
        for (String w : parts) {
            b.append(b.length() == 0 ? w.toLowerCase(Locale.ROOT) : Character.toUpperCase(w.charAt(0)) + w.substring(1));
        }
        return finish(b.toString());
    }

    /** The words of a name, with its leading and trailing symbols as words of their own. */
    private static List<String> spelled(String raw) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        while (start < raw.length() && !Character.isLetterOrDigit(raw.charAt(start))) {
            parts.add(symbol(raw.charAt(start++)));
        }
        int end = raw.length();
        List<String> trailing = new ArrayList<>();
        while (end > start && !Character.isLetterOrDigit(raw.charAt(end - 1))) {
            trailing.add(0, symbol(raw.charAt(--end)));
        }
        parts.addAll(words(raw.substring(start, end)));
        parts.addAll(trailing);
        return parts;
    }

    private static String symbol(char c) {
        String word = SYMBOLS.get(c);
        return word != null ? word : "u" + Integer.toHexString(c);
    }

    /** The words of a name: runs of letters and digits, split at case humps. */
    static List<String> words(String raw) {
        List<String> words = new ArrayList<>();
        boolean hasAlnum = raw.chars().anyMatch(Character::isLetterOrDigit);
        if (!hasAlnum) {
            for (char c : raw.toCharArray()) {
                words.add(symbol(c));
            }
            return words;
        }
        StringBuilder w = new StringBuilder();
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (!Character.isLetterOrDigit(c) || c > 0x7f && !Character.isJavaIdentifierPart(c)) {
                flush(words, w);
                continue;
            }
            if (w.length() > 0 && Character.isUpperCase(c)) {
                char prev = w.charAt(w.length() - 1);
                boolean nextLower = i + 1 < raw.length() && Character.isLowerCase(raw.charAt(i + 1));
                if (Character.isLowerCase(prev) || Character.isDigit(prev) || Character.isUpperCase(prev) && nextLower) {
                    flush(words, w);
                }
            }
            w.append(c);
        }
        flush(words, w);
        return words;
    }

    private static void flush(List<String> words, StringBuilder w) {
        if (w.length() > 0) {
            words.add(w.toString());
            w.setLength(0);
        }
    }

    private static boolean isUpper(String w) {
        return w.chars().noneMatch(Character::isLowerCase);
    }

    private static String finish(String name) {
        if (name.isEmpty()) {
            return name;
        }
        if (!Character.isJavaIdentifierStart(name.charAt(0))) {
            name = "_" + name;
        }
        return RESERVED.contains(name) ? name + "_" : name;
    }

    /** A Java package name is valid: dot-separated identifiers, none reserved. */
    public static boolean isPackageName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (String part : name.split("\\.", -1)) {
            if (part.isEmpty() || !Character.isJavaIdentifierStart(part.charAt(0)) || RESERVED.contains(part)
                    || !part.chars().allMatch(Character::isJavaIdentifierPart)) {
                return false;
            }
        }
        return true;
    }
}
