package com.holidaylistings.integration.events;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.LocalDate;

/** The guest party of an enquiry; {@code occasion} is free text and may be null. */
@JsonPropertyOrder({"group_size", "check_in", "check_out", "occasion"})
public record PartyDetails(
        @JsonProperty("group_size") int groupSize,
        @JsonProperty("check_in") LocalDate checkIn,
        @JsonProperty("check_out") LocalDate checkOut,
        @JsonProperty("occasion") String occasion) {}
