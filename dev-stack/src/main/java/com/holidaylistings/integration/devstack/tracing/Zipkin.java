package com.holidaylistings.integration.devstack.tracing;

import com.holidaylistings.integration.devstack.LocalStack;
import java.util.Map;

/** STUB: to be written. */
public final class Zipkin {

    private Zipkin() {}

    /** DEV_TRACING=1 (or while the stack's Zipkin runs): starts Zipkin unless it runs. */
    public static void start(LocalStack stack) {
        throw new UnsupportedOperationException();
    }

    public static void stop(LocalStack stack) {
        throw new UnsupportedOperationException();
    }

    /** What the services started now get to export their spans to Zipkin; empty without tracing. */
    public static Map<String, String> serviceEnvironment(LocalStack stack) {
        throw new UnsupportedOperationException();
    }

    /** ZIPKIN_URL for .dev/stack.env; empty without tracing. */
    public static Map<String, String> stackSettings(LocalStack stack) {
        throw new UnsupportedOperationException();
    }
}
