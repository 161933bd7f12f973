package com.holidaylistings.integration.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EnquiryInsertTest {

    private static final EnquiryCreated EVENT = EnquiryCreated.of(UUID.randomUUID(), UUID.randomUUID(), "Seaview Cottage",
            "https://www.holidaylistings.example/properties/seaview", "owner@example.com", "Summer week",
            "Is it free in August?", Instant.parse("2027-01-02T10:11:12.123456Z"), "Ada Guest", "ada@example.org",
            new PartyDetails(4, LocalDate.parse("2027-08-01"), LocalDate.parse("2027-08-08"), null));

    @Test
    void givesAValueToEveryParameterOfTheStatement() {
        List<String> names = new ArrayList<>();
        EnquiryInsert.sql(name -> {
            names.add(name);
            return "?";
        });
        Map<String, Object> values = EnquiryInsert.parameters(UUID.randomUUID(), EVENT, UUID.randomUUID(), "{}", null);

        assertThat(values.keySet()).containsExactlyInAnyOrderElementsOf(names.stream().distinct().toList());
    }

    @Test
    void writesTheEventsFieldsAndItsTypeIntoTheRows() {
        UUID owner = UUID.randomUUID();
        UUID eventId = UUID.randomUUID();
        Map<String, Object> values = EnquiryInsert.parameters(owner, EVENT, eventId, "{\"event\":\"enquiry.created\"}", "req-1");

        assertThat(values)
                .containsEntry("enquiryId", EVENT.enquiryId())
                .containsEntry("ownerId", owner)
                .containsEntry("status", "sent")
                .containsEntry("groupSize", 4)
                .containsEntry("occasion", null)
                .containsEntry("sentAt", OffsetDateTime.of(2027, 1, 2, 10, 11, 12, 123_456_000, ZoneOffset.UTC))
                .containsEntry("eventId", eventId)
                .containsEntry("aggregateType", "enquiry")
                .containsEntry("eventType", EnquiryCreated.TYPE)
                .containsEntry("payload", "{\"event\":\"enquiry.created\"}")
                .containsEntry("requestId", "req-1");
    }

    @Test
    void rendersPositionalParametersWithoutTouchingCasts() {
        String positional = EnquiryInsert.sql(name -> "?");

        assertThat(positional).doesNotContain(":").contains("cast(? as json)");
    }
}
