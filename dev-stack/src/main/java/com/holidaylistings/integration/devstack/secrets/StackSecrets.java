package com.holidaylistings.integration.devstack.secrets;

import com.holidaylistings.integration.devstack.LocalStack;
import com.holidaylistings.integration.devstack.Secrets;

/** STUB: to be written. */
public final class StackSecrets {

    private StackSecrets() {}

    /** Makes the secrets that are missing (once), reads the others. */
    public static Secrets ensure(LocalStack stack) {
        throw new UnsupportedOperationException();
    }
}
