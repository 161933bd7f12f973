package com.holidaylistings.integration.dispatcher.fanout;

import java.sql.Timestamp;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes the rows of a batch's new deliveries: each event's payload once ({@code webhook_events}) and
 * one row per delivery ({@code deliveries}, due now, with the trace context of its fan-out: pending,
 * or waiting for the row poller when its owner's lane is busy), in one transaction. An event fanned
 * out again (the batch retried, or published twice) changes nothing: both inserts skip existing rows.
 */
@Repository
class NewDeliveries {

    private static final String EVENT = """
            insert into webhook_events (event_id, submitted_at, enquiry_id, payload) values (?, ?, ?, cast(? as json))
            on conflict do nothing
            """;
    private static final String DELIVERY = """
            insert into deliveries (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id, status,
                                    next_attempt_at, request_id, traceparent)
            values (?, ?, ?, ?, ?, ?, ?, now(), ?, ?)
            on conflict do nothing
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
            jdbc.batchUpdate(DELIVERY, deliveries, deliveries.size(), (statement, delivery) -> {
                statement.setString(1, delivery.task().webhookId());
                statement.setTimestamp(2, Timestamp.from(delivery.task().submittedAt()));
                statement.setObject(3, delivery.event().eventId());
                statement.setObject(4, delivery.task().subscriptionId().value());
                statement.setObject(5, delivery.task().ownerId().value());
                statement.setObject(6, delivery.event().enquiry().enquiryId());
                statement.setString(7, delivery.waitsOnRow() ? "waiting" : "pending");
                statement.setString(8, delivery.event().requestId());
                statement.setString(9, delivery.traceparent());
            });
        });
    }
}
