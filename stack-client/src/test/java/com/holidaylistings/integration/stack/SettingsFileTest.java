package com.holidaylistings.integration.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsFileTest {

    private static final Map<String, String> SETTINGS = new LinkedHashMap<>();

    static {
        SETTINGS.put("JDBC_URL", "jdbc:postgresql://127.0.0.1:15432/owner_integration");
        SETTINGS.put("SECRETS_ENCRYPTION_KEYS", "local:AbC+/dE=");
        SETTINGS.put("PASSWORD", "a b'c\"d$e`f\\g&h;i|j*k");
        SETTINGS.put("EMPTY", "");
    }

    @Test
    void readsBackWhatItWrites(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("stack.env");
        Files.writeString(file, "# a comment\n" + SettingsFile.lines(SETTINGS));

        assertThat(SettingsFile.read(file))
                .containsEntry("JDBC_URL", SETTINGS.get("JDBC_URL"))
                .containsEntry("SECRETS_ENCRYPTION_KEYS", SETTINGS.get("SECRETS_ENCRYPTION_KEYS"))
                .containsEntry("PASSWORD", SETTINGS.get("PASSWORD"))
                .doesNotContainKey("# a comment");
    }

    @Test
    void bashReadsTheSameValues(@TempDir Path dir) throws IOException, InterruptedException {
        Path file = dir.resolve("stack.env");
        Files.writeString(file, SettingsFile.lines(SETTINGS));

        Process bash = new ProcessBuilder(
                        "bash",
                        "-c",
                        "set -a; . \"$0\"; printf '%s\\n' \"$JDBC_URL\" \"$PASSWORD\" \"[$EMPTY]\"",
                        file.toString())
                .redirectErrorStream(true)
                .start();
        String printed = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(bash.waitFor()).isZero();
        assertThat(printed).isEqualTo(SETTINGS.get("JDBC_URL") + "\n" + SETTINGS.get("PASSWORD") + "\n[]\n");
    }

    @Test
    void noFileIsNoSettings(@TempDir Path dir) {
        assertThat(SettingsFile.read(dir.resolve("missing.env"))).isEmpty();
    }
}
