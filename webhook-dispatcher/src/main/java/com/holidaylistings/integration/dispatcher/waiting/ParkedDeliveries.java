package com.holidaylistings.integration.dispatcher.waiting;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * {@code webhook.delivery.parked}: the deliveries left to wait on their rows for the row poller
 * because their owner's lane here was full, counted by where: {@code at=lane} (handed over by their
 * record and refused: {@link ParkingLot}) or {@code at=fan-out} (written waiting, with no record,
 * their owner's lane being busy already).
 */
public final class ParkedDeliveries {

    public static final String AT_LANE = "lane";
    public static final String AT_FAN_OUT = "fan-out";

    private ParkedDeliveries() {}

    public static Counter counter(MeterRegistry meters, String at) {
        return Counter.builder("webhook.delivery.parked")
                .description("Deliveries left to wait on their rows because their owner's lane here was full")
                .tag("at", at)
                .register(meters);
    }
}
