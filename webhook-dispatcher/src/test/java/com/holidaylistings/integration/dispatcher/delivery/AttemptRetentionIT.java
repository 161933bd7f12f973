package com.holidaylistings.integration.dispatcher.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.testsupport.WebhookReceiver;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

class AttemptRetentionIT extends DispatcherIntegrationTest {

    @Autowired
    private AttemptRetention retention;

    @Test
    void deletesOnlyAttemptsOlderThanTheRetention() {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(owner, receiver.url("/kept", WebhookReceiver.Answer.ok()), null);
        UUID oldEnquiry = UUID.randomUUID();
        UUID recentEnquiry = UUID.randomUUID();
        attempt(subscription, oldEnquiry, Instant.now().minus(Duration.ofDays(31)));
        attempt(subscription, recentEnquiry, Instant.now().minus(Duration.ofDays(29)));

        int deleted = retention.deleteOlderThan(Duration.ofDays(30));

        assertThat(deleted).isGreaterThanOrEqualTo(1);
        assertThat(data.attempts(subscription, oldEnquiry)).isEmpty();
        assertThat(data.attempts(subscription, recentEnquiry)).hasSize(1);
    }

    @Test
    void deletesOnlyFailedDeliveriesOlderThanTheRetention() {
        TestData.Owner owner = data.owner();
        UUID subscription = data.subscribe(owner, receiver.url("/kept", WebhookReceiver.Answer.ok()), null);
        UUID oldEnquiry = UUID.randomUUID();
        UUID recentEnquiry = UUID.randomUUID();
        failedDelivery(subscription, oldEnquiry, Instant.now().minus(Duration.ofDays(31)));
        failedDelivery(subscription, recentEnquiry, Instant.now().minus(Duration.ofDays(29)));

        int deleted = retention.deleteFailedDeliveriesOlderThan(Duration.ofDays(30));

        assertThat(deleted).isGreaterThanOrEqualTo(1);
        assertThat(data.failedDelivery(subscription, oldEnquiry)).isEmpty();
        assertThat(data.failedDelivery(subscription, recentEnquiry)).isPresent();
    }

    private void failedDelivery(UUID subscription, UUID enquiry, Instant at) {
        jdbc.sql("""
                        insert into failed_deliveries (subscription_id, enquiry_id, delivery, failed_at)
                        values (:subscription, :enquiry, '{}', :at)
                        """)
                .param("subscription", subscription)
                .param("enquiry", enquiry)
                .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
                .update();
    }

    private void attempt(UUID subscription, UUID enquiry, Instant at) {
        jdbc.sql("""
                        insert into delivery_attempts (subscription_id, enquiry_id, attempt, outcome, http_status, attempted_at)
                        values (:subscription, :enquiry, 1, 'succeeded', 200, :at)
                        """)
                .param("subscription", subscription)
                .param("enquiry", enquiry)
                .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
                .update();
    }
}
