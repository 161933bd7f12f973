package com.holidaylistings.integration.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The {@code NAME=value} files of the local stack ({@code .dev/stack.env}, {@code .dev/seed.env},
 * {@code .dev/services/<name>.env}): written by the launcher so that bash reads them with
 * {@code source} (every character a shell would take for something else escaped with a backslash, as
 * printf %q does), read here for the system tests, the benchmarks and the launcher itself.
 */
public final class SettingsFile {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:,=@%+-]");

    private SettingsFile() {}

    /** The settings of {@code file}, unescaped; empty when there is no such file. */
    public static Map<String, String> read(Path file) {
        Map<String, String> settings = new HashMap<>();
        if (!Files.isReadable(file)) {
            return settings;
        }
        try {
            for (String line : Files.readAllLines(file)) {
                int equals = line.indexOf('=');
                if (line.startsWith("#") || equals < 1) {
                    continue;
                }
                settings.put(
                        line.substring(0, equals), line.substring(equals + 1).replaceAll("\\\\(.)", "$1"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return settings;
    }

    /** {@code settings} as lines, each value one shell word. */
    public static String lines(Map<String, String> settings) {
        StringBuilder text = new StringBuilder();
        settings.forEach((name, value) ->
                text.append(name).append('=').append(quote(value)).append('\n'));
        return text.toString();
    }

    /** {@code value} as one shell word; {@code ''} when empty, as printf %q prints it. */
    static String quote(String value) {
        if (value.isEmpty()) {
            return "''";
        }
        StringBuilder quoted = new StringBuilder();
        value.codePoints().forEach(point -> {
            String character = Character.toString(point);
            if (!PLAIN.matcher(character).matches()) {
                quoted.append('\\');
            }
            quoted.append(character);
        });
        return quoted.toString();
    }
}
