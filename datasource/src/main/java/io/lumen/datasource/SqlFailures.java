package io.lumen.datasource;

import io.lumen.status.StatusCatalogue;
import io.lumen.status.ErrorCodes;
import io.lumen.status.StatusException;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;

/**
 * Sorts a failed JDBC call into the status the client gets: 503 {@code ERR19041} when no pooled
 * connection became free in time (the pool is busy), 503 {@code ERR19040} when the database cannot
 * be reached, 504 {@code ERR19043} when a statement timed out, else 500 {@code ERR19042}. The
 * descriptions name the pool, never the SQL or the driver's message; the exception middleware logs
 * the cause of the 500 and 504 answers. Stateless and thread-safe.
 */
final class SqlFailures {
    static final String UNAVAILABLE = ErrorCodes.DATABASE_UNAVAILABLE;
    static final String BUSY = ErrorCodes.DATABASE_BUSY;
    static final String FAILED = ErrorCodes.DATABASE_ERROR;
    static final String TIMEOUT = ErrorCodes.DATABASE_TIMEOUT;

    private SqlFailures() {
    }

    /** The catalogue code for {@code e}. */
    static String codeOf(SQLException e) {
        // HikariCP's "Connection is not available, request timed out": a cause only when creating a
        // connection failed too, which means the database is not there rather than busy
        if (e instanceof SQLTransientConnectionException && e.getCause() == null) {
            return BUSY;
        }
        if (e instanceof SQLTimeoutException) {
            return TIMEOUT;
        }
        String state = sqlState(e);
        if (state != null) {
            if (state.startsWith("08") || state.equals("57P01") || state.equals("57P02") || state.equals("57P03")) {
                return UNAVAILABLE; // connection exceptions; PostgreSQL's admin/crash shutdown, cannot connect now
            }
            if (state.equals("57014")) {
                return TIMEOUT; // query canceled, e.g. by statement_timeout
            }
        }
        if (e instanceof SQLTransientConnectionException || e instanceof SQLNonTransientConnectionException
                || e instanceof SQLRecoverableException) {
            return UNAVAILABLE;
        }
        return FAILED;
    }

    static StatusException toStatus(StatusCatalogue statuses, String pool, int connectionTimeout, SQLException e) {
        String code = codeOf(e);
        return switch (code) {
            // expected under load or during an outage: no stack trace per request (readiness logs outages)
            case BUSY -> new StatusException(statuses.get(code), pool, connectionTimeout);
            case UNAVAILABLE -> new StatusException(statuses.get(code), pool);
            default -> new StatusException(statuses.get(code), e, pool);
        };
    }

    /** The first SQLState along the causes and chained exceptions. */
    static String sqlState(SQLException e) {
        int guard = 0;
        for (Throwable t = e; t != null && guard++ < 16; t = t.getCause()) {
            if (t instanceof SQLException s) {
                if (s.getSQLState() != null) {
                    return s.getSQLState();
                }
                if (s.getNextException() != null && s.getNextException().getSQLState() != null) {
                    return s.getNextException().getSQLState();
                }
            }
        }
        return null;
    }
}
