package com.holidaylistings.integration.devstack.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WarmStartTest {

    @TempDir
    Path root;

    @Test
    void theStampNamesTheJarTheJdkTheOptionsAndTheTraining() throws IOException {
        Path jar = Files.writeString(root.resolve("api-service-0.1.0.jar"), "jar");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.ofEpochSecond(1_700_000_000)));
        Path options = Files.writeString(root.resolve("jvm.options"), "-Xmx128m\n");

        String stamp =
                WarmStart.stamp(jar, List.of("@" + options), root, Optional.of("-Downer-api.warm-up.exit-after=true"));

        assertThat(stamp)
                .startsWith("3 1700000000 " + jar + " ")
                .contains(System.getProperty("java.runtime.version"))
                .endsWith(" -Xmx128m  WARM_START_TRAINING=-Downer-api.warm-up.exit-after=true");
        assertThat(WarmStart.checksum(stamp))
                .isEqualTo(WarmStart.checksum(stamp))
                .matches("[0-9]+");
        assertThat(WarmStart.checksum(stamp + " ")).isNotEqualTo(WarmStart.checksum(stamp));
    }

    @Test
    void anArchiveTrainedWithoutATrainingOptionCountsAsTrainedNextTime() throws IOException {
        Path jar = Files.writeString(root.resolve("enquiry-ingest-0.1.0.jar"), "jar");
        Path options = Files.writeString(root.resolve("jvm.options"), "-Xmx128m\n");
        String stamp = WarmStart.stamp(jar, List.of("@" + options), root, Optional.empty());
        Path dir = Files.createDirectories(root.resolve(WarmStart.checksum(stamp)));
        Path extracted =
                Files.writeString(Files.createDirectories(dir.resolve("app")).resolve(jar.getFileName()), "extracted");

        assertThat(WarmStart.trainedAlready(dir, extracted, stamp)).isFalse();
        WarmStart.markTrained(dir, stamp);

        assertThat(WarmStart.trainedAlready(
                        dir, extracted, WarmStart.stamp(jar, List.of("@" + options), root, Optional.empty())))
                .isTrue();
    }

    @Test
    void pruningKeepsTheArchiveInUseAndTheOnesUsedLast() throws IOException {
        Path service = root.resolve(".dev/warm-start/api-service");
        for (int i = 1; i <= 5; i++) {
            Path dir = Files.createDirectories(service.resolve("archive" + i).resolve("app"));
            Files.setLastModifiedTime(dir.getParent(), FileTime.from(Instant.ofEpochSecond(1_700_000_000L + i)));
        }

        WarmStart.prune(service.resolve("archive1"), 3);

        try (Stream<Path> left = Files.list(service)) {
            assertThat(left.map(dir -> dir.getFileName().toString()))
                    .containsExactlyInAnyOrder("archive1", "archive5", "archive4");
        }
    }
}
