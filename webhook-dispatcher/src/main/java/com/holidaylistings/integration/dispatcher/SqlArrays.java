package com.holidaylistings.integration.dispatcher;

import java.sql.Array;
import java.sql.Connection;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import org.springframework.jdbc.core.JdbcTemplate;

/** SQL arrays for statements that take many keys in one parameter ({@code = any(?)}, {@code unnest(?)}). */
public final class SqlArrays {

    private SqlArrays() {}

    /** {@code values} as an array of the SQL {@code type} ("uuid", "text", "timestamptz", "int4", …). */
    public static Array of(JdbcTemplate jdbc, String type, Object[] values) {
        return jdbc.execute((Connection connection) -> connection.createArrayOf(type, values));
    }

    public static Array of(JdbcTemplate jdbc, String type, Collection<?> values) {
        return of(jdbc, type, values.toArray());
    }

    /**
     * One column of {@code rows} as an array of the SQL {@code type}, in their order: with the other
     * columns, the parameters of a statement over {@code unnest(?, ?, …)} that writes many rows at once.
     */
    public static <T> Array column(JdbcTemplate jdbc, String type, List<T> rows, Function<? super T, ?> value) {
        return of(jdbc, type, rows.stream().map(value).toArray());
    }
}
