package com.holidaylistings.integration.devstack.secrets;

import com.holidaylistings.integration.devstack.BackgroundProcesses;
import com.holidaylistings.integration.devstack.DevEnvironment;
import com.holidaylistings.integration.stack.SettingsFile;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    private StackCredentials() {}

    /** The passwords by variable name (PG_API_SERVICE_PASSWORD ...), in the file's order. */
    static Map<String, String> ensure(Path file, DevEnvironment environment) {
        Map<String, String> recorded = SettingsFile.read(file);
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
            BackgroundProcesses.write(file, HEADER + "\n" + SettingsFile.lines(passwords));
        }
        return Collections.unmodifiableMap(passwords);
    }
}
