package com.holidaylistings.integration.stack;

import java.nio.file.Path;

/** The tools of the JDK this JVM runs on ({@code java}, {@code keytool}), which run the stack's processes too. */
public final class Jdk {

    private Jdk() {}

    /** The path of the tool {@code name} in this JDK's {@code bin}. */
    public static Path tool(String name) {
        return Path.of(System.getProperty("java.home"), "bin", name);
    }
}
