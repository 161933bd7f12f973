package com.holidaylistings.integration.devstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandTest {

    @TempDir
    Path dir;

    @Test
    void capturesWhatItPrintsWithItsErrorsOrApart() {
        Command.Result merged =
                Command.of("sh", "-c", "cat; echo oops >&2").input("hello\n").capture();
        Command.Result apart = Command.of("sh", "-c", "echo \"$GREETING\"; echo oops >&2; exit 3")
                .with(Map.of("GREETING", "hi"))
                .captureApart();

        assertThat(merged.ok()).isTrue();
        assertThat(merged.output()).isEqualTo("hello\noops\n");
        assertThat(apart.status()).isEqualTo(3);
        assertThat(apart.output()).isEqualTo("hi\n");
        assertThat(apart.errors()).isEqualTo("oops\n");
    }

    @Test
    void runsInItsDirectoryWithOnlyItsOwnEnvironmentWhenAsked() throws IOException {
        Command.Result result =
                Command.of("/usr/bin/env").withOnly(Map.of("ONLY", "1")).capture();
        Command.Result where = Command.of("pwd").in(dir).capture();

        assertThat(result.output()).isEqualTo("ONLY=1\n");
        assertThat(Path.of(where.output().strip())).isEqualTo(dir.toRealPath());
    }

    @Test
    void appendsToItsLogOrReplacesItAndLogsWhyItCouldNotStart() throws IOException {
        Path log = dir.resolve("logs/tool.log");

        assertThat(Command.of("echo", "one").writeTo(log)).isZero();
        assertThat(Command.of("echo", "two").appendTo(log)).isZero();
        assertThat(Files.readString(log)).isEqualTo("one\ntwo\n");
        assertThat(Command.of("echo", "three").writeTo(log)).isZero();
        assertThat(Files.readString(log)).isEqualTo("three\n");
        assertThat(Command.of(dir.resolve("missing").toString()).appendTo(log)).isEqualTo(Command.FAILED);
        assertThat(Files.readString(log)).startsWith("three\n" + dir.resolve("missing") + ": ");
    }

    @Test
    void killsItAndWhatItStartedAtItsTimeout() {
        Command.Result result = Command.of("sh", "-c", "sleep 60 & echo $!; wait")
                .timeout(Duration.ofMillis(500))
                .capture();

        assertThat(result.status()).isEqualTo(Command.FAILED);
        long child = Long.parseLong(result.output().strip());
        assertThat(BackgroundProcesses.awaitExit(child, Duration.ofSeconds(10))).isTrue();
    }
}
