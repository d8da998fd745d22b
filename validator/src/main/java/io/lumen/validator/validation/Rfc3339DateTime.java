package io.lumen.validator.validation;

import com.networknt.schema.ExecutionContext;
import com.networknt.schema.format.Format;

/**
 * The {@code date-time} format, checked strictly by the RFC 3339 section 5.6 grammar, in place of the
 * schema library's, which is wrong both ways: it accepts trailing text after the offset and a space
 * for {@code T}, and refuses offsets beyond +-18:00 (a limit of {@code java.time}, not of RFC 3339,
 * which allows up to 23:59).
 * <pre>
 * date-time = full-date ("T" / "t") full-time
 * full-date = 4DIGIT "-" 2DIGIT "-" 2DIGIT          month 01-12, day valid for the month and year
 * full-time = 2DIGIT ":" 2DIGIT ":" 2DIGIT ["." 1*DIGIT] ("Z" / "z" / ("+" / "-") 2DIGIT ":" 2DIGIT)
 * </pre>
 * Hours 00-23, minutes 00-59, seconds 00-59, or 60 for a leap second, which is only ever the last
 * second of a UTC day (23:59:60 once the offset is applied) that ends a month. Digits are ASCII.
 * Stateless, thread-safe; no allocation.
 */
final class Rfc3339DateTime implements Format {

    @Override
    public String getName() {
        return "date-time";
    }

    @Override
    public String getMessageKey() {
        return "format.date-time";
    }

    @Override
    public boolean matches(ExecutionContext executionContext, String value) {
        return isValid(value);
    }

    static boolean isValid(String s) {
        int n = s.length();
        if (n < 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || (s.charAt(10) != 'T' && s.charAt(10) != 't')
                || s.charAt(13) != ':' || s.charAt(16) != ':') {
            return false;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 2);
        int day = digits(s, 8, 2);
        int hour = digits(s, 11, 2);
        int minute = digits(s, 14, 2);
        int second = digits(s, 17, 2);
        if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysIn(month, year)
                || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) {
            return false;
        }
        int i = 19;
        if (s.charAt(i) == '.') {
            int start = ++i;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start) {
                return false; // "." needs at least one digit
            }
        }
        if (i >= n) {
            return false; // the offset is required
        }
        int offsetMinutes;
        char c = s.charAt(i);
        if (c == 'Z' || c == 'z') {
            offsetMinutes = 0;
            i++;
        } else if (c == '+' || c == '-') {
            if (n - i != 6 || s.charAt(i + 3) != ':') {
                return false;
            }
            int oh = digits(s, i + 1, 2);
            int om = digits(s, i + 4, 2);
            if (oh < 0 || oh > 23 || om < 0 || om > 59) {
                return false;
            }
            offsetMinutes = (c == '+' ? 1 : -1) * (oh * 60 + om);
            i += 6;
        } else {
            return false;
        }
        if (i != n) {
            return false; // nothing may follow the offset
        }
        return second != 60 || isLeapSecondSlot(year, month, day, hour, minute, offsetMinutes);
    }

    /** 23:59:60 UTC on the last day of a month, once the local time is moved by its offset. */
    private static boolean isLeapSecondSlot(int year, int month, int day, int hour, int minute, int offsetMinutes) {
        int utc = hour * 60 + minute - offsetMinutes; // minutes into the local date, in UTC
        int dayShift = Math.floorDiv(utc, 24 * 60);
        int utcMinuteOfDay = Math.floorMod(utc, 24 * 60);
        if (utcMinuteOfDay != 23 * 60 + 59) {
            return false;
        }
        int d = day + dayShift;
        int m = month;
        int y = year;
        if (d < 1) {
            m--;
            if (m < 1) {
                m = 12;
                y--;
            }
            d = daysIn(m, y);
        } else if (d > daysIn(m, y)) {
            return false; // the UTC day is the first of the next month, not a last day
        }
        return d == daysIn(m, y);
    }

    private static int daysIn(int month, int year) {
        return switch (month) {
            case 2 -> (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** The value of {@code count} ASCII digits at {@code from}, or -1. */
    private static int digits(String s, int from, int count) {
        int v = 0;
        for (int i = from; i < from + count; i++) {
            char c = s.charAt(i);
            if (!isDigit(c)) {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
