package io.lumen.datasource;

import io.lumen.datasource.pool.JdbcUrls;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How failed JDBC calls become statuses, and URLs in messages without their passwords. */
class SqlFailuresTest {
    @Test
    void aTimedOutBorrowIsBusyUnlessAConnectionFailureIsBehindIt() {
        assertEquals(SqlFailures.BUSY, SqlFailures.codeOf(new SQLTransientConnectionException("main - Connection is not available")));
        SQLException refused = new SQLException("Connection refused", "08001");
        assertEquals(SqlFailures.UNAVAILABLE, SqlFailures.codeOf(
                new SQLTransientConnectionException("main - Connection is not available", "08001", 0, refused)));
        assertEquals(SqlFailures.UNAVAILABLE, SqlFailures.codeOf(
                new SQLTransientConnectionException("not available", null, 0, new SQLException("no state"))));
    }

    @Test
    void connectionStatesAreUnavailableTimeoutsAre504AndTheRestIs500() {
        assertEquals(SqlFailures.UNAVAILABLE, SqlFailures.codeOf(new SQLException("I/O error", "08006")));
        assertEquals(SqlFailures.UNAVAILABLE, SqlFailures.codeOf(new SQLException("terminating connection", "57P01")));
        assertEquals(SqlFailures.UNAVAILABLE, SqlFailures.codeOf(new SQLNonTransientConnectionException("closed")));
        assertEquals(SqlFailures.TIMEOUT, SqlFailures.codeOf(new SQLTimeoutException("slow")));
        assertEquals(SqlFailures.TIMEOUT, SqlFailures.codeOf(new SQLException("canceling statement", "57014")));
        assertEquals(SqlFailures.FAILED, SqlFailures.codeOf(new SQLException("syntax error", "42601")));
        assertEquals(SqlFailures.FAILED, SqlFailures.codeOf(new SQLException("no state")));
    }

    @Test
    void passwordsAreMaskedInUrls() {
        assertEquals("jdbc:postgresql://db:5432/x?user=a&password=****&ssl=true",
                JdbcUrls.mask("jdbc:postgresql://db:5432/x?user=a&password=s3cret&ssl=true"));
        assertEquals("jdbc:mysql://app:****@db/x", JdbcUrls.mask("jdbc:mysql://app:s3cret@db/x"));
        assertEquals("jdbc:h2:file:./data/p;PASSWORD=****;LOCK_TIMEOUT=5", JdbcUrls.mask("jdbc:h2:file:./data/p;PASSWORD=x;LOCK_TIMEOUT=5"));
        assertEquals("jdbc:h2:mem:x", JdbcUrls.mask("jdbc:h2:mem:x"));
    }
}
