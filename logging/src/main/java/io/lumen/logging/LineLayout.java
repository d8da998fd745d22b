package io.lumen.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import java.util.Map;
import java.util.TimeZone;

/**
 * The default log line, {@code HH:mm:ss.SSS LEVEL logger cId message}, followed by the stack trace
 * when there is one: what the pattern {@code %d{HH:mm:ss.SSS} %-5level %logger{24} %X{cId} %msg%n}
 * prints, written directly. Logback's {@code PatternLayout} would do the same, but it loads and links
 * its whole converter registry (about a hundred classes and lambdas) when the first encoder starts,
 * a tenth of a cold start; this layout loads nothing but itself.
 *
 * <p>{@code message only} ({@link #messageOnly()}) prints {@code %msg%n}: the audit logger's JSON lines.
 */
final class LineLayout extends LayoutBase<ILoggingEvent> {
    /** Longest logger name printed whole; longer ones have their packages cut to initials, left first. */
    static final int LOGGER_WIDTH = 24;

    private final boolean messageOnly;
    private final TimeZone zone = TimeZone.getDefault();

    private LineLayout(boolean messageOnly) {
        this.messageOnly = messageOnly;
    }

    static LineLayout line() {
        return new LineLayout(false);
    }

    static LineLayout messageOnly() {
        return new LineLayout(true);
    }

    @Override
    public String doLayout(ILoggingEvent event) {
        StringBuilder sb = new StringBuilder(128);
        if (!messageOnly) {
            appendTime(sb, event.getTimeStamp());
            sb.append(' ');
            String level = event.getLevel().toString();
            sb.append(level);
            for (int i = level.length(); i < 5; i++) {
                sb.append(' ');
            }
            sb.append(' ');
            appendLogger(sb, event.getLoggerName());
            sb.append(' ');
            Map<String, String> mdc = event.getMDCPropertyMap();
            String cId = mdc == null ? null : mdc.get("cId");
            if (cId != null) {
                sb.append(cId);
            }
            sb.append(' ');
        }
        sb.append(event.getFormattedMessage()).append(CoreConstants.LINE_SEPARATOR);
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown != null && !messageOnly) {
            sb.append(ThrowableProxyUtil.asString(thrown));
        }
        return sb.toString();
    }

    private void appendTime(StringBuilder sb, long epochMillis) {
        long local = epochMillis + zone.getOffset(epochMillis);
        long msOfDay = Math.floorMod(local, 86_400_000L);
        two(sb, (int) (msOfDay / 3_600_000));
        sb.append(':');
        two(sb, (int) (msOfDay / 60_000 % 60));
        sb.append(':');
        two(sb, (int) (msOfDay / 1000 % 60));
        sb.append('.');
        int ms = (int) (msOfDay % 1000);
        sb.append((char) ('0' + ms / 100)).append((char) ('0' + ms / 10 % 10)).append((char) ('0' + ms % 10));
    }

    private static void two(StringBuilder sb, int value) {
        sb.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }

    /**
     * Logback's rule for {@code %logger{24}}: a name shorter than the width is printed whole; otherwise
     * packages are cut to their first letter from the left (the first one always), until the cut letters
     * make up the excess; the class name stays whole.
     */
    static void appendLogger(StringBuilder sb, String name) {
        int lastDot = name == null ? -1 : name.lastIndexOf('.');
        if (name == null || name.length() < LOGGER_WIDTH || lastDot < 0) {
            sb.append(name);
            return;
        }
        int excess = lastDot - Math.max(0, LOGGER_WIDTH - (name.length() - lastDot));
        int cut = 0;
        int start = 0;
        while (start < lastDot) {
            int dot = name.indexOf('.', start);
            if (start > 0 && cut >= excess) {
                break;
            }
            if (dot > start) {
                sb.append(name.charAt(start));
                cut += dot - start - 1;
            }
            sb.append('.');
            start = dot + 1;
        }
        sb.append(name, start, name.length());
    }
}
