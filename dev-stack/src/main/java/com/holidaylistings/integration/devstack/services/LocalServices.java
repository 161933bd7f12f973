package com.holidaylistings.integration.devstack.services;

import com.holidaylistings.integration.devstack.LocalStack;

/** STUB: to be written. */
public final class LocalServices {

    private LocalServices() {}

    /** Starts the service unless it runs, and waits until it is ready. */
    public static void start(LocalStack stack, String module) {
        throw new UnsupportedOperationException();
    }

    /** Stops every running service: SIGTERM to all at once, each up to 30 s, then SIGKILL. */
    public static void stopAll(LocalStack stack) {
        throw new UnsupportedOperationException();
    }
}
