package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.stack.Stack;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.UUID;

/** The stack's database, for the load generators and the accounting. */
final class Db {

    Connection connect() throws SQLException {
        return DriverManager.getConnection(
                Stack.setting("JDBC_URL"), Stack.setting("JDBC_USERNAME"), Stack.setting("JDBC_PASSWORD"));
    }

    /** The first column of the first row of {@code sql}, as text. */
    String scalar(String sql, Object... parameters) {
        try (Connection connection = connect();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? rows.getString(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** A row's reader, for {@link #eachRow}. */
    interface RowReader {
        void read(ResultSet row) throws SQLException;
    }

    /** Hands each row of {@code sql}, whose one parameter is {@code ids} as a uuid array, to {@code reader}. */
    void eachRow(String sql, Collection<UUID> ids, RowReader reader) {
        try (Connection connection = connect();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setArray(1, connection.createArrayOf("uuid", ids.toArray()));
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    reader.read(rows);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    long count(String sql, Object... parameters) {
        return Long.parseLong(scalar(sql, parameters));
    }

    void execute(String sql, Object... parameters) {
        try (Connection connection = connect();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            statement.execute();
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }
}
