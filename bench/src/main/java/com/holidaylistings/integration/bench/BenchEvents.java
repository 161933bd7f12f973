package com.holidaylistings.integration.bench;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.PartyDetails;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/** The guest's enquiry every benchmark sends: the same texts, for a given enquiry and property. */
final class BenchEvents {

    private static final LocalDate CHECK_IN = LocalDate.of(2027, 7, 3);

    private BenchEvents() {}

    static EnquiryCreated enquiry(UUID enquiryId, UUID propertyId, Instant sentAt) {
        return EnquiryCreated.of(
                enquiryId,
                propertyId,
                "Bench House",
                "https://www.holidaylistings.example/properties/bench-house",
                "bench-owner@example.com",
                "Benchmark",
                "Is the house free that week?",
                sentAt,
                "Bench Guest",
                "bench.guest@example.com",
                new PartyDetails(2, CHECK_IN, CHECK_IN.plusDays(7), null));
    }
}
