package com.holidaylistings.integration.devstack.secrets;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.DevEnvironment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stack's own credentials in {@code .dev/credentials.env}: the password of each service's database
 * role and Kafka principal, of the broker's admin and of the read-only downstream principal
 * (docs/operations/security.md, "Security"). The file stays a list of {@code NAME=value} lines, which
 * scripts source; a password the file lacks comes from the environment variable of its name, else is made
 * (16 random bytes), and only then is the file written again.
 */
final class StackCredentials {

    /** Each one's password is {@code <NAME>_PASSWORD}. */
    static final List<String> NAMES = List.of(
            "PG_API_SERVICE",
            "PG_ENQUIRY_INGEST",
            "PG_WEBHOOK_DISPATCHER",
            "PG_WEBHOOK_DISPATCHER_OWNER",
            "KAFKA_ADMIN",
            "KAFKA_API_SERVICE",
            "KAFKA_ENQUIRY_INGEST",
            "KAFKA_WEBHOOK_DISPATCHER",
            "KAFKA_DOWNSTREAM");

    static final String HEADER =
            "# Passwords of the local stack, made by dev/up.sh; deleting this file needs dev/down.sh --purge.";

    private static final Pattern ASSIGNMENT = Pattern.compile("(?:export\\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)");

    private StackCredentials() {}

    /** The passwords by variable name (PG_API_SERVICE_PASSWORD ...), in the file's order. */
    static Map<String, String> ensure(Path file, DevEnvironment environment) {
        Map<String, String> recorded = read(file);
        Map<String, String> passwords = new LinkedHashMap<>();
        boolean missing = false;
        for (String name : NAMES) {
            String variable = name + "_PASSWORD";
            String value = recorded.get(variable);
            if (value == null || value.isEmpty()) {
                value = environment.get(variable).orElse(null);
            }
            if (value == null) {
                value = SecretFiles.randomHex(16);
                missing = true;
            }
            passwords.put(variable, value);
        }
        if (missing) {
            StringBuilder text = new StringBuilder(HEADER).append('\n');
            passwords.forEach((variable, value) ->
                    text.append(variable).append('=').append(value).append('\n'));
            BackgroundProcesses.write(file, text.toString());
        }
        return Collections.unmodifiableMap(passwords);
    }

    private static Map<String, String> read(Path file) {
        Map<String, String> values = new HashMap<>();
        if (!SecretFiles.nonEmpty(file)) {
            return values;
        }
        try {
            for (String line : Files.readAllLines(file)) {
                Matcher assignment = ASSIGNMENT.matcher(line.strip());
                if (assignment.matches()) {
                    values.put(assignment.group(1), unquoted(assignment.group(2)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return values;
    }

    private static String unquoted(String value) {
        boolean quoted = value.length() >= 2
                && (value.startsWith("'") && value.endsWith("'") || value.startsWith("\"") && value.endsWith("\""));
        return quoted ? value.substring(1, value.length() - 1) : value;
    }
}
