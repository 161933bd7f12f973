package com.holidaylistings.integration.dispatcher.fanout;

import com.holidaylistings.integration.dispatcher.SqlArrays;
import java.sql.Timestamp;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes the rows of a batch's new deliveries: each event's payload once ({@code webhook_events}) and
 * one row per delivery ({@code deliveries}, due now, with the trace context of its fan-out: pending,
 * or waiting for the row poller when its owner's lane is busy), in one transaction. An event fanned
 * out again (the batch retried, or published twice) adds nothing: both inserts skip existing rows.
 * One change is made to an existing row: a delivery that is to wait on its row, found pending and never
 * attempted, is made waiting. That is the row of a first try of the batch whose records Kafka did not
 * take, for an owner who has become busy since: it has no record, and pending it would wait for the
 * row poller's overdue net (5 minutes) rather than for its owner's lane.
 */
@Repository
class NewDeliveries {

    private static final String EVENT = """
            insert into webhook_events (event_id, submitted_at, enquiry_id, payload) values (?, ?, ?, cast(? as json))
            on conflict do nothing
            """;
    // The rows it wrote are returned: the others were there already.
    private static final String DELIVERIES = """
            insert into deliveries (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id, status,
                                    next_attempt_at, request_id, traceparent)
            select k.webhook_id, k.submitted_at, k.event_id, k.subscription_id, k.owner_id, k.enquiry_id, k.status, now(),
                   k.request_id, k.traceparent
              from unnest(?::text[], ?::timestamptz[], ?::uuid[], ?::uuid[], ?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[])
                   as k(webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id, status, request_id, traceparent)
            on conflict do nothing
            returning webhook_id
            """;
    private static final String WAIT_ON_ROW = """
            update deliveries d set status = 'waiting', next_attempt_at = coalesce(d.next_attempt_at, now()), updated_at = now()
              from unnest(?::text[], ?::timestamptz[]) as k(webhook_id, submitted_at)
             where d.webhook_id = k.webhook_id and d.submitted_at = k.submitted_at and d.status = 'pending' and d.attempts = 0
            """;

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;

    NewDeliveries(JdbcTemplate jdbc, TransactionTemplate transaction) {
        this.jdbc = jdbc;
        this.transaction = transaction;
    }

    void insert(List<DeliveryFanOut.Event> events, List<DeliveryFanOut.NewDelivery> deliveries) {
        transaction.executeWithoutResult(status -> {
            jdbc.batchUpdate(EVENT, events, events.size(), (statement, event) -> {
                statement.setObject(1, event.eventId());
                statement.setTimestamp(2, Timestamp.from(event.submittedAt()));
                statement.setObject(3, event.enquiry().enquiryId());
                statement.setString(4, event.payload());
            });
            Set<String> written = new HashSet<>(jdbc.queryForList(DELIVERIES, String.class,
                    SqlArrays.column(jdbc, "text", deliveries, d -> d.task().webhookId()),
                    SqlArrays.column(jdbc, "timestamptz", deliveries, d -> Timestamp.from(d.task().submittedAt())),
                    SqlArrays.column(jdbc, "uuid", deliveries, d -> d.event().eventId()),
                    SqlArrays.column(jdbc, "uuid", deliveries, d -> d.task().subscriptionId().value()),
                    SqlArrays.column(jdbc, "uuid", deliveries, d -> d.task().ownerId().value()),
                    SqlArrays.column(jdbc, "uuid", deliveries, d -> d.event().enquiry().enquiryId()),
                    SqlArrays.column(jdbc, "text", deliveries, d -> d.waitsOnRow() ? "waiting" : "pending"),
                    SqlArrays.column(jdbc, "text", deliveries, d -> d.event().requestId()),
                    SqlArrays.column(jdbc, "text", deliveries, DeliveryFanOut.NewDelivery::traceparent)));
            List<DeliveryFanOut.NewDelivery> toWait = deliveries.stream()
                    .filter(d -> d.waitsOnRow() && !written.contains(d.task().webhookId()))
                    .toList();
            if (!toWait.isEmpty()) {
                jdbc.update(WAIT_ON_ROW, SqlArrays.column(jdbc, "text", toWait, d -> d.task().webhookId()),
                        SqlArrays.column(jdbc, "timestamptz", toWait, d -> Timestamp.from(d.task().submittedAt())));
            }
        });
    }
}
