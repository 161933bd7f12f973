package com.holidaylistings.integration.api.enquiry;

import com.holidaylistings.integration.api.TimeOrderedUuid;
import com.holidaylistings.integration.events.EnquiryCreated;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import tools.jackson.databind.json.JsonMapper;

/**
 * The transactional outbox: an event row written in the transaction that changes the data, which
 * enquiry-ingest streams from the write-ahead log to Kafka.
 */
@Repository
class Outbox {

    static final String AGGREGATE_TYPE = "enquiry";

    private final JdbcClient jdbc;
    private final JsonMapper json;

    Outbox(JdbcClient jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    void enquiryCreated(EnquiryCreated event, String requestId) {
        jdbc.sql("""
                        insert into outbox (id, aggregate_type, aggregate_id, event_type, payload, request_id)
                        values (:id, :aggregateType, :aggregateId, :eventType, cast(:payload as json), :requestId)
                        """)
                .param("id", TimeOrderedUuid.next())
                .param("aggregateType", AGGREGATE_TYPE)
                .param("aggregateId", event.enquiryId())
                .param("eventType", event.event())
                .param("payload", json.writeValueAsString(event))
                .param("requestId", requestId)
                .update();
    }
}
