package io.lumen.validator.validation;

import com.networknt.schema.ExecutionContext;
import com.networknt.schema.format.Format;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The {@code email} format, checked by the syntax of an RFC 5321 Mailbox, as JSON Schema defines it, in
 * place of the schema library's, which also requires a top-level domain from IANA's list and so refused
 * the reserved names of RFC 2606 that specs use in their examples (Lago's {@code dinesh@piedpiper.test},
 * schemathesis' {@code 0@b.example}).
 * <pre>
 * Mailbox    = Local-part "@" ( Domain / address-literal )     local part at most 64, domain at most 255
 * Local-part = Dot-string / Quoted-string
 * Dot-string = Atom *("." Atom)            Atom = 1*atext (letters, digits, !#$%&amp;'*+-/=?^_`{|}~)
 * Domain     = sub-domain *("." sub-domain) sub-domain = letter or digit, then letters, digits, "-", not ending in "-"
 * address-literal = "[" IPv4 / "IPv6:" IPv6 "]"
 * </pre>
 * Stateless, thread-safe.
 */
final class Rfc5321Email implements Format {
    private static final String ATEXT = "!#$%&'*+-/=?^_`{|}~";

    @Override
    public String getName() {
        return "email";
    }

    @Override
    public String getMessageKey() {
        return "format.email";
    }

    @Override
    public boolean matches(ExecutionContext executionContext, String value) {
        return isValid(value);
    }

    static boolean isValid(String s) {
        int at = s.lastIndexOf('@');
        if (at <= 0 || at == s.length() - 1) {
            return false;
        }
        String local = s.substring(0, at);
        String domain = s.substring(at + 1);
        return local.length() <= 64 && (dotString(local) || quotedString(local))
                && (domain.length() <= 255 && domain(domain) || addressLiteral(domain));
    }

    private static boolean dotString(String s) {
        boolean atomStart = true;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '.') {
                if (atomStart) {
                    return false; // empty atom: a leading dot or two in a row
                }
                atomStart = true;
            } else if (isLetterOrDigit(c) || ATEXT.indexOf(c) >= 0) {
                atomStart = false;
            } else {
                return false;
            }
        }
        return !atomStart;
    }

    private static boolean quotedString(String s) {
        if (s.length() < 2 || s.charAt(0) != '"' || s.charAt(s.length() - 1) != '"') {
            return false;
        }
        for (int i = 1; i < s.length() - 1; i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
                if (i == s.length() - 1 || s.charAt(i) < 32 || s.charAt(i) > 126) {
                    return false;
                }
            } else if (c < 32 || c > 126 || c == '"') {
                return false;
            }
        }
        return true;
    }

    private static boolean domain(String s) {
        int labelStart = 0;
        for (int i = 0; i <= s.length(); i++) {
            if (i == s.length() || s.charAt(i) == '.') {
                if (i == labelStart || s.charAt(i - 1) == '-' || s.charAt(labelStart) == '-') {
                    return false;
                }
                labelStart = i + 1;
            } else if (!isLetterOrDigit(s.charAt(i)) && s.charAt(i) != '-') {
                return false;
            }
        }
        return true;
    }

    private static boolean addressLiteral(String s) {
        if (s.length() < 3 || s.charAt(0) != '[' || s.charAt(s.length() - 1) != ']') {
            return false;
        }
        String inner = s.substring(1, s.length() - 1);
        if (inner.regionMatches(true, 0, "IPv6:", 0, 5)) {
            String v6 = inner.substring(5);
            // only hex digits, colons and dots, so InetAddress parses a literal and never asks DNS
            return v6.contains(":") && v6.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == ':' || c == '.')
                    && parses(v6);
        }
        String[] parts = inner.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9')
                    || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }

    private static boolean parses(String v6) {
        try {
            InetAddress.getByName(v6);
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static boolean isLetterOrDigit(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}
