package com.holidaylistings.integration.devstack;

/** What stops dev/up.sh or dev/down.sh: its message is the one line the user reads. */
public final class StackFailure extends RuntimeException {

    public StackFailure(String message) {
        super(message);
    }

    public StackFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
