package com.holidaylistings.integration.dispatcher.attempt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.holidaylistings.integration.dispatcher.DispatcherIntegrationTest;
import com.holidaylistings.integration.dispatcher.Events;
import com.holidaylistings.integration.dispatcher.TestData;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.PartyDetails;
import com.holidaylistings.integration.signing.WebhookSignature;
import com.holidaylistings.integration.signing.receiver.WebhookDelivery;
import com.holidaylistings.integration.signing.receiver.WebhookReceiver;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** What a receiver gets: the event's payload untouched, and Standard Webhooks headers it can verify. */
class PayloadAndHeadersIT extends DispatcherIntegrationTest {

    private static final Duration DELIVERED = Duration.ofSeconds(30);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void postsThePublishedPayloadByteForByte() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        data.subscribe(owner, receiver.url("/hook", WebhookReceiver.Answer.ok()), null);
        UUID enquiryId = UUID.randomUUID();
        // After the subscription was made (earlier enquiries do not go to it), with all six digits of microseconds.
        Instant sentAt =
                Instant.now().plusSeconds(1).truncatedTo(ChronoUnit.SECONDS).plusNanos(123_456_000);
        EnquiryCreated enquiry = EnquiryCreated.of(
                enquiryId,
                property,
                "Château «Mer» 🌊",
                "https://www.holidaylistings.example/properties/chateau-mer",
                "owner@example.com",
                "Août — deux semaines",
                "Bonjour,\n\"quotes\", \\backslash\\, <tags> & ünïcödé\t✓",
                sentAt,
                "Zoë O'Brien",
                "zoe@example.org",
                new PartyDetails(2, LocalDate.parse("2027-08-01"), LocalDate.parse("2027-08-15"), null));

        Events.Published event = events.publish(enquiry);

        await().atMost(DELIVERED).until(() -> receiver.requests("/hook").size() == 1);
        String body = receiver.requests("/hook").get(0).body();
        assertThat(body.getBytes(StandardCharsets.UTF_8))
                .isEqualTo(event.payload().getBytes(StandardCharsets.UTF_8));
        Map<String, Object> received = JSON.readValue(body, new TypeReference<LinkedHashMap<String, Object>>() {});
        Map<String, Object> golden = JSON.readValue(
                """
                {
                  "event": "enquiry.created",
                  "enquiry_id": "%s",
                  "property_id": "%s",
                  "property_title": "Château «Mer» 🌊",
                  "property_url": "https://www.holidaylistings.example/properties/chateau-mer",
                  "owner_email": "owner@example.com",
                  "subject": "Août — deux semaines",
                  "message": "Bonjour,\\n\\"quotes\\", \\\\backslash\\\\, <tags> & ünïcödé\\t✓",
                  "status": "sent",
                  "sent_at": "%s",
                  "user_name": "Zoë O'Brien",
                  "user_email": "zoe@example.org",
                  "party_details": {
                    "group_size": 2,
                    "check_in": "2027-08-01",
                    "check_out": "2027-08-15",
                    "occasion": null
                  }
                }
                """.formatted(enquiryId, property, sentAt), new TypeReference<LinkedHashMap<String, Object>>() {});
        assertThat(received).isEqualTo(golden);
        assertThat(received.keySet()).containsExactlyElementsOf(golden.keySet());
    }

    @Test
    void sendsJsonWithTheServicesUserAgent() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        data.subscribe(owner, receiver.url("/hook", WebhookReceiver.Answer.ok()), null);

        events.enquiryOn(property);

        await().atMost(DELIVERED).until(() -> receiver.requests("/hook").size() == 1);
        WebhookDelivery request = receiver.requests("/hook").get(0);
        MediaType contentType = MediaType.parseMediaType(request.header("Content-Type"));
        assertThat(contentType.equalsTypeAndSubtype(MediaType.APPLICATION_JSON)).isTrue();
        assertThat(contentType.getCharset()).isIn(null, StandardCharsets.UTF_8);
        assertThat(request.header("User-Agent")).startsWith("HolidayListings-Webhooks/");
    }

    @Test
    void signsEveryAttemptAndKeepsOneWebhookIdPerSubscription() {
        TestData.Owner owner = data.owner();
        UUID property = data.property(owner);
        data.subscribe(
                owner, receiver.url("/flaky", WebhookReceiver.Answer.status(500), WebhookReceiver.Answer.ok()), null);
        data.subscribe(owner, receiver.url("/steady", WebhookReceiver.Answer.ok()), property);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DELIVERED)
                .until(() -> receiver.requests("/flaky").size() == 2
                        && receiver.requests("/steady").size() == 1);
        List<WebhookDelivery> flaky = receiver.requests("/flaky");
        WebhookDelivery steady = receiver.requests("/steady").get(0);
        assertThat(flaky.get(0).header("webhook-id"))
                .isNotBlank()
                .isEqualTo(flaky.get(1).header("webhook-id"));
        assertThat(steady.header("webhook-id"))
                .isNotBlank()
                .isNotEqualTo(flaky.get(0).header("webhook-id"));
        for (WebhookDelivery request : List.of(flaky.get(0), flaky.get(1), steady)) {
            long timestamp = Long.parseLong(request.header("webhook-timestamp"));
            assertThat(timestamp)
                    .as("a current Unix time in seconds")
                    .isBetween(
                            request.receivedAt().getEpochSecond() - 5,
                            request.receivedAt().getEpochSecond());
            assertThat(request.header("webhook-signature"))
                    .isEqualTo(WebhookSignature.sign(
                            owner.secret(), request.header("webhook-id"), timestamp, event.payload()));
        }
        assertThat(Long.parseLong(flaky.get(1).header("webhook-timestamp")))
                .as("a retry is signed afresh")
                .isGreaterThan(Long.parseLong(flaky.get(0).header("webhook-timestamp")));
    }

    @Test
    void signsWithTheSecretOfTheOwnerOnly() {
        TestData.Owner owner = data.owner();
        TestData.Owner otherOwner = data.owner();
        UUID property = data.property(owner);
        data.subscribe(owner, receiver.url("/hook", WebhookReceiver.Answer.ok()), null);

        Events.Published event = events.enquiryOn(property);

        await().atMost(DELIVERED).until(() -> receiver.requests("/hook").size() == 1);
        WebhookDelivery request = receiver.requests("/hook").get(0);
        long timestamp = Long.parseLong(request.header("webhook-timestamp"));
        assertThat(request.header("webhook-signature"))
                .isNotEqualTo(WebhookSignature.sign(
                        otherOwner.secret(), request.header("webhook-id"), timestamp, event.payload()));
    }
}
