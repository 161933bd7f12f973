package com.holidaylistings.integration.api.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** api-service keeps its outbox small itself, as the service's own role: rows past the retention go, the others stay. */
class OutboxPurgeIT extends ApiIntegrationTest {

    @Autowired
    OutboxPurge purge;

    @Test
    void deletesTheRowsOlderThanTheRetentionAndKeepsTheRest() {
        UUID old = outboxRow("16 days");
        UUID recent = outboxRow("14 days");

        purge.purge();

        List<UUID> left = jdbc.sql("select id from outbox where id in (:old, :recent)")
                .param("old", old)
                .param("recent", recent)
                .query(UUID.class)
                .list();
        assertThat(left).containsExactly(recent);
    }

    private UUID outboxRow(String age) {
        UUID id = UUID.randomUUID();
        jdbc.sql("""
                        insert into outbox (id, aggregate_type, aggregate_id, event_type, payload, created_at)
                        values (:id, 'enquiry', :id, 'enquiry.created', '{}', now() - cast(:age as interval))
                        """).param("id", id).param("age", age).update();
        return id;
    }
}
