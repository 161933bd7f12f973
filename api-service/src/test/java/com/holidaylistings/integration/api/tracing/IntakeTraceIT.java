package com.holidaylistings.integration.api.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.Fixtures;
import com.holidaylistings.integration.api.support.TestWorld;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The intake's server span is the root of the enquiry's trace: its W3C context is stored with the outbox row. */
class IntakeTraceIT extends ApiIntegrationTest {

    private static final String INTAKE = "/internal/v1/enquiries";
    private static final String TRACEPARENT = "^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$";

    @Test
    void storesTheIntakeRequestsTraceContextWithTheOutboxEvent() {
        TestWorld.Account account = world.newAccount();

        String stored = outboxTraceparent(submit(account, listingSite()));
        String another = outboxTraceparent(submit(account, listingSite()));

        assertThat(stored).matches(TRACEPARENT);
        assertThat(another).matches(TRACEPARENT);
        assertThat(traceId(another)).as("each request its own trace").isNotEqualTo(traceId(stored));
    }

    @Test
    void continuesTheListingSitesTraceWhenTheRequestCarriesOne() {
        TestWorld.Account account = world.newAccount();
        String traceId = UUID.randomUUID().toString().replace("-", "");
        String callersSpan = "00f067aa0ba902b7";

        String stored = outboxTraceparent(
                submit(account, listingSite().with("traceparent", "00-" + traceId + "-" + callersSpan + "-01")));

        assertThat(stored).matches(TRACEPARENT);
        assertThat(traceId(stored)).isEqualTo(traceId);
        assertThat(stored.split("-")[2])
                .as("the intake's own span, a child of the caller's")
                .isNotEqualTo(callersSpan);
    }

    private ApiClient listingSite() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private static UUID submit(TestWorld.Account account, ApiClient client) {
        ApiClient.Response response = client.post(INTAKE, Fixtures.anEnquiry(account.propertyId()));
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return UUID.fromString(response.json().get("enquiry").get("id").asString());
    }

    private String outboxTraceparent(UUID enquiryId) {
        return jdbc.sql("select traceparent from outbox where aggregate_id = :id")
                .param("id", enquiryId)
                .query(String.class)
                .single();
    }

    private static String traceId(String traceparent) {
        return traceparent.split("-")[1];
    }
}
