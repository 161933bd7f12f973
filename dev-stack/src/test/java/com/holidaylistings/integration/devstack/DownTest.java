package com.holidaylistings.integration.devstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * dev/down.sh: a pid file whose pid now belongs to another process is removed, that process left alone;
 * --purge deletes .dev.
 */
class DownTest {

    @Test
    void purgeDeletesTheStackAndSignalsNoProcessThatIsNotTheStacks(@TempDir Path root)
            throws IOException, InterruptedException {
        LocalStack stack =
                new LocalStack(new StackLayout(root), new DevEnvironment(Map.of("PATH", System.getenv("PATH"))));
        StackLayout layout = stack.layout();
        Files.createDirectories(layout.pids());
        Files.createDirectories(layout.logs());
        Files.writeString(layout.dev().resolve("credentials.env"), "KAFKA_ADMIN_PASSWORD=secret\n");
        Process stranger = new ProcessBuilder("sleep", "60").start();
        try {
            stack.processes().writePidFile("api-service", stranger.pid());
            stack.processes().writePidFile("postgres", stranger.pid());

            Down.run(stack, true);

            assertThat(stranger.isAlive()).isTrue();
            assertThat(layout.dev()).doesNotExist();
        } finally {
            stranger.destroyForcibly().waitFor();
        }
    }

    @Test
    void withoutPurgeTheDataStays(@TempDir Path root) throws IOException {
        LocalStack stack =
                new LocalStack(new StackLayout(root), new DevEnvironment(Map.of("PATH", System.getenv("PATH"))));
        Files.createDirectories(stack.layout().pids());
        Files.writeString(stack.layout().dev().resolve("seed.env"), "DEMO_TOKEN=t\n");

        Down.run(stack, false);

        assertThat(stack.layout().dev().resolve("seed.env")).exists();
    }
}
