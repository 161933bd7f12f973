package com.holidaylistings.integration.devstack.kafka;

import com.holidaylistings.integration.devstack.LocalStack;
import java.util.Map;

/** STUB: to be written. */
public final class LocalKafka {

    private LocalKafka() {}

    /** Starts the local broker unless it runs (or uses SPRING_KAFKA_BOOTSTRAP_SERVERS); sets stack.broker(). */
    public static void start(LocalStack stack) {
        throw new UnsupportedOperationException();
    }

    /** Stops the local broker, if it runs. */
    public static void stop(LocalStack stack) {
        throw new UnsupportedOperationException();
    }

    /** The broker's lines of .dev/stack.env, in order: protocol, downstream, admin and teams' principals. */
    public static Map<String, String> stackSettings(LocalStack stack) {
        throw new UnsupportedOperationException();
    }
}
