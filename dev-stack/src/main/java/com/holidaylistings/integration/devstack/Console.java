package com.holidaylistings.integration.devstack;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/** The launcher's messages: the time, two spaces and the text, as dev/up.sh has always printed them. */
public final class Console {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private Console() {}

    public static void say(String message) {
        System.out.println(now() + "  " + message);
        System.out.flush();
    }

    public static void warn(String message) {
        System.err.println(now() + "  WARNING: " + message);
        System.err.flush();
    }

    static void error(String message) {
        System.err.println(now() + "  ERROR: " + message);
        System.err.flush();
    }

    private static String now() {
        return LocalTime.now().format(TIME);
    }
}
