package com.holidaylistings.integration.api.redelivery;

/** The answer to a recover request: how many deliveries it queued. */
public record Recovery(int queued) {}
