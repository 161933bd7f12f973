package com.holidaylistings.integration.devstack.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.devstack.DevEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StackCredentialsTest {

    @TempDir
    Path dev;

    @Test
    void writesSourceableLinesUnderTheHeader() throws Exception {
        Path file = dev.resolve("credentials.env");

        Map<String, String> passwords = StackCredentials.ensure(file, new DevEnvironment(Map.of()));

        String expected = StackCredentials.HEADER + "\n"
                + passwords.entrySet().stream()
                        .map(entry -> entry.getKey() + "=" + entry.getValue() + "\n")
                        .collect(Collectors.joining());
        assertThat(Files.readString(file)).isEqualTo(expected);
        assertThat(Files.readString(file).lines().skip(1)).allMatch(line -> line.matches("[A-Z_]+=[0-9a-f]{32}"));
    }

    @Test
    void aPasswordMissingFromTheFileComesFromTheEnvironment() {
        Path file = dev.resolve("credentials.env");

        Map<String, String> passwords =
                StackCredentials.ensure(file, new DevEnvironment(Map.of("KAFKA_ADMIN_PASSWORD", "given")));

        assertThat(passwords).containsEntry("KAFKA_ADMIN_PASSWORD", "given");
        assertThat(StackCredentials.ensure(file, new DevEnvironment(Map.of()))).isEqualTo(passwords);
    }

    @Test
    void aCompleteFileIsKeptAsItIs() throws Exception {
        Path file = dev.resolve("credentials.env");
        Map<String, String> made = StackCredentials.ensure(file, new DevEnvironment(Map.of()));
        Files.writeString(file, "# kept\n" + Files.readString(file));
        FileTime written = Files.getLastModifiedTime(file);
        String text = Files.readString(file);

        // As sourcing the file did, what it records stays, whatever the environment says.
        Map<String, String> read =
                StackCredentials.ensure(file, new DevEnvironment(Map.of("KAFKA_ADMIN_PASSWORD", "other")));

        assertThat(read).isEqualTo(made);
        assertThat(Files.readString(file)).isEqualTo(text);
        assertThat(Files.getLastModifiedTime(file)).isEqualTo(written);
    }

    @Test
    void anIncompleteFileGetsTheMissingPasswordsAndKeepsTheOthers() throws Exception {
        Path file = dev.resolve("credentials.env");
        Files.writeString(file, "PG_API_SERVICE_PASSWORD=recorded\n");

        Map<String, String> passwords = StackCredentials.ensure(file, new DevEnvironment(Map.of()));

        assertThat(passwords)
                .hasSize(StackCredentials.NAMES.size())
                .containsEntry("PG_API_SERVICE_PASSWORD", "recorded");
        assertThat(Files.readString(file))
                .startsWith(StackCredentials.HEADER + "\nPG_API_SERVICE_PASSWORD=recorded\n")
                .contains("KAFKA_DOWNSTREAM_PASSWORD=" + passwords.get("KAFKA_DOWNSTREAM_PASSWORD"));
    }
}
