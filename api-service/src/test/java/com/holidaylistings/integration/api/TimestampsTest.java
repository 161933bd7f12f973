package com.holidaylistings.integration.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TimestampsTest {

    @Test
    void nowHasAtMostMicrosecondsLikeTimestamptz() {
        Instant before = Instant.now().minusNanos(1_000);

        Instant now = Timestamps.now();

        assertThat(now.getNano() % 1_000).isZero();
        assertThat(now).isBetween(before, Instant.now());
    }

    @Test
    void passesInstantsAsUtcOffsetDateTimes() {
        Instant instant = Instant.parse("2026-11-22T10:15:30.123456Z");

        OffsetDateTime param = Timestamps.param(instant);

        assertThat(param.getOffset()).isEqualTo(ZoneOffset.UTC);
        assertThat(param.toInstant()).isEqualTo(instant);
        assertThat(Timestamps.param(null)).isNull();
    }

    @Test
    void readsTimestamptzColumnsAsInstants() throws SQLException {
        ResultSet rs = row(Map.of("sent_at", OffsetDateTime.parse("2026-11-22T11:15:30.123456+01:00")));

        assertThat(Timestamps.read(rs, "sent_at")).isEqualTo(Instant.parse("2026-11-22T10:15:30.123456Z"));
        assertThat(Timestamps.read(rs, "last_success_at")).isNull();
    }

    /** A result set row that answers getObject(column, OffsetDateTime.class) as the PostgreSQL driver does. */
    private static ResultSet row(Map<String, OffsetDateTime> columns) {
        return (ResultSet) Proxy.newProxyInstance(
                TimestampsTest.class.getClassLoader(), new Class<?>[] {ResultSet.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getObject") && args.length == 2 && args[1] == OffsetDateTime.class) {
                        return columns.get((String) args[0]);
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
