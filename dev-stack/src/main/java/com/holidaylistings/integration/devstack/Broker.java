package com.holidaylistings.integration.devstack;

/**
 * The stack's Kafka broker; {@code external} when SPRING_KAFKA_BOOTSTRAP_SERVERS named one from outside,
 * reached with the KAFKA_SECURITY_PROTOCOL (and KAFKA_USERNAME, KAFKA_PASSWORD) given with it.
 */
public record Broker(String bootstrapServers, boolean external) {}
