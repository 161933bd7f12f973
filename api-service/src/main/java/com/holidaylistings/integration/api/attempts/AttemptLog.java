package com.holidaylistings.integration.api.attempts;

import com.holidaylistings.integration.api.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A hook's attempts as webhook-dispatcher logs them ({@code delivery_attempts}): pages of the log,
 * newest first, and one attempt with its request and answer. Every read names the hook, so that an
 * attempt of another hook (or owner) is simply not found.
 */
@Repository
public class AttemptLog {

    private static final String COLUMNS = """
            a.id, a.webhook_id, a.enquiry_id, a.attempt, a.outcome, a.http_status, a.error, a.attempted_at,
            a.duration_ms, a.test
            """;

    private final JdbcClient jdbc;
    private final JsonMapper json;

    AttemptLog(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    /** Which page: the first (no cursor), the one older than a cursor, or the one newer than it. */
    public record PageRequest(AttemptStatusFilter status, int limit, AttemptCursor before, AttemptCursor after) {

        public static PageRequest newest(AttemptStatusFilter status, int limit) {
            return new PageRequest(status, limit, null, null);
        }
    }

    /**
     * One page: a range of delivery_attempts_subscription_recent_idx from the cursor, read one row
     * beyond the limit to know whether another page follows. A page newer than a cursor is read
     * upwards from it and turned round.
     */
    public AttemptPage page(UUID hookId, PageRequest request) {
        boolean upwards = request.after() != null;
        AttemptCursor from = upwards ? request.after() : request.before();
        StringBuilder sql =
                new StringBuilder("select " + COLUMNS + " from delivery_attempts a where a.subscription_id = :hook");
        if (from != null) {
            sql.append(
                    upwards ? " and (a.attempted_at, a.id) > (:at, :id)" : " and (a.attempted_at, a.id) < (:at, :id)");
        }
        if (request.status() != null) {
            sql.append(" and a.outcome in (:outcomes)");
        }
        sql.append(upwards ? " order by a.attempted_at, a.id" : " order by a.attempted_at desc, a.id desc");
        sql.append(" limit :limit");
        JdbcClient.StatementSpec statement =
                jdbc.sql(sql.toString()).param("hook", hookId).param("limit", request.limit() + 1);
        if (from != null) {
            statement =
                    statement.param("at", Timestamps.param(from.attemptedAt())).param("id", from.id());
        }
        if (request.status() != null) {
            statement = statement.param("outcomes", request.status().outcomes());
        }
        List<DeliveryAttempt> rows =
                new ArrayList<>(statement.query(AttemptLog::attempt).list());
        boolean more = rows.size() > request.limit();
        if (more) {
            rows.removeLast();
        }
        if (upwards) {
            Collections.reverse(rows);
            String next =
                    rows.isEmpty() ? null : AttemptCursor.of(rows.getLast()).encode();
            return new AttemptPage(rows, next, more);
        }
        String next = more ? AttemptCursor.of(rows.getLast()).encode() : null;
        return new AttemptPage(rows, next, from != null);
    }

    /**
     * One attempt of the hook, by id: one probe of the primary key (id, attempted_at) per day's
     * partition. Its request's body is its delivery's event payload, found through the delivery's key
     * (webhook_id, submitted_at): one probe each, in one partition.
     */
    public Optional<AttemptDetail> attempt(UUID hookId, long attemptId) {
        return jdbc.sql("select " + COLUMNS + """
                               , a.request_headers::text as request_headers, a.response_headers::text as response_headers,
                               a.response_body, a.response_truncated, s.target_url, e.payload::text as payload
                          from delivery_attempts a
                          join webhook_subscriptions s on s.id = a.subscription_id
                          left join deliveries d on d.webhook_id = a.webhook_id and d.submitted_at = a.submitted_at
                          left join webhook_events e on e.event_id = d.event_id and e.submitted_at = d.submitted_at
                         where a.id = :id and a.subscription_id = :hook
                        """)
                .param("id", attemptId)
                .param("hook", hookId)
                .query((rs, n) -> detail(rs))
                .optional();
    }

    private AttemptDetail detail(ResultSet rs) throws SQLException {
        DeliveryAttempt attempt = attempt(rs, 0);
        AttemptDetail.Response response = attempt.httpStatus() == null
                ? null
                : new AttemptDetail.Response(
                        attempt.httpStatus(),
                        headers(rs.getString("response_headers")),
                        rs.getString("response_body"),
                        rs.getBoolean("response_truncated"));
        return new AttemptDetail(
                attempt.attemptId(),
                attempt.webhookId(),
                attempt.enquiryId(),
                attempt.attempt(),
                attempt.status(),
                attempt.attemptedAt(),
                attempt.durationMs(),
                attempt.error(),
                attempt.test(),
                new AttemptDetail.Request(
                        rs.getString("target_url"), headers(rs.getString("request_headers")), rs.getString("payload")),
                response);
    }

    private JsonNode headers(String stored) {
        return stored == null ? null : json.readTree(stored);
    }

    private static DeliveryAttempt attempt(ResultSet rs, int row) throws SQLException {
        return new DeliveryAttempt(
                Long.toString(rs.getLong("id")),
                rs.getString("webhook_id"),
                rs.getObject("enquiry_id", UUID.class),
                rs.getInt("attempt"),
                rs.getString("outcome"),
                rs.getObject("http_status", Integer.class),
                rs.getString("error"),
                Timestamps.read(rs, "attempted_at"),
                rs.getObject("duration_ms", Integer.class),
                rs.getBoolean("test"));
    }
}
