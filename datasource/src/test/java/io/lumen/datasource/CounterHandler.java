package io.lumen.datasource;

import io.lumen.handler.Blocking;
import io.lumen.server.ServiceContext;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A test handler on the pool {@code main}: {@code GET /count} adds one to the counter row and
 * answers the new value. The update takes the row's lock, so a test that holds that lock in its
 * own transaction keeps the request (and its pooled connection) waiting.
 */
public final class CounterHandler implements HttpHandler, Blocking {
    private final JdbcPool pool;

    public CounterHandler(ServiceContext context) {
        this.pool = DataSources.of(context).pool("main");
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        try (Connection c = pool.dataSource().getConnection();
             PreparedStatement update = c.prepareStatement("UPDATE counter SET n = n + 1 WHERE id = 1");
             PreparedStatement select = c.prepareStatement("SELECT n FROM counter WHERE id = 1")) {
            update.executeUpdate();
            try (ResultSet r = select.executeQuery()) {
                r.next();
                exchange.getResponseSender().send(Long.toString(r.getLong(1)));
            }
        } catch (SQLException e) {
            throw pool.failure(e);
        }
    }
}
