package com.holidaylistings.integration.devstack.services;

import com.holidaylistings.integration.devstack.LocalStack;
import java.util.List;

/** STUB: to be written. */
public final class ServiceBuild {

    private ServiceBuild() {}

    /** Builds the jars of the modules that are not running and whose jar is missing or stale. */
    public static void buildIfNeeded(LocalStack stack, List<String> modules) {
        throw new UnsupportedOperationException();
    }
}
