package com.holidaylistings.integration.devstack.services;

import com.holidaylistings.integration.devstack.Console;
import com.holidaylistings.integration.devstack.LocalStack;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The services whose module exists: a directory with a pom.xml that the root pom lists as a module. A
 * directory not in the reactor yet cannot be built, so it is skipped with a warning.
 */
public final class ServiceModules {

    private ServiceModules() {}

    /** The services whose module exists in the checkout, in start order. */
    public static List<String> present(LocalStack stack) {
        Path root = stack.layout().root();
        String rootPom = read(root.resolve("pom.xml"));
        List<String> present = new ArrayList<>();
        for (String name : LocalStack.SERVICES) {
            if (!Files.isRegularFile(root.resolve(name).resolve("pom.xml"))) {
                continue;
            }
            if (Pattern.compile("<module>\\s*" + Pattern.quote(name) + "\\s*</module>")
                    .matcher(rootPom)
                    .find()) {
                present.add(name);
            } else {
                Console.warn(name + "/ is not a module of the root pom.xml yet: not starting it");
            }
        }
        return List.copyOf(present);
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
