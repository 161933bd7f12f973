package com.holidaylistings.integration.devstack.metrics;

import com.holidaylistings.integration.devstack.LocalStack;
import java.util.Map;

/** STUB: to be written. */
public final class Prometheus {

    private Prometheus() {}

    /** True when DEV_METRICS asks for Prometheus. */
    public static boolean enabled(LocalStack stack) {
        throw new UnsupportedOperationException();
    }

    /** Installs Debian's prometheus package when the binary is missing (as root), else says how. */
    public static void ensureInstalled(LocalStack stack) {
        throw new UnsupportedOperationException();
    }

    /** Starts Prometheus, or reloads a running one, and waits until its rules are loaded. */
    public static void start(LocalStack stack) {
        throw new UnsupportedOperationException();
    }

    public static void stop(LocalStack stack) {
        throw new UnsupportedOperationException();
    }

    /** PROMETHEUS_URL for .dev/stack.env; empty without DEV_METRICS. */
    public static Map<String, String> stackSettings(LocalStack stack) {
        throw new UnsupportedOperationException();
    }
}
