package com.holidaylistings.integration.devstack.services;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.devstack.DevEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmOptionsTest {

    @TempDir
    Path root;

    @Test
    void aServiceRunsWithItsOptionsFileAndTheExtraOptionsAfterIt() {
        DevEnvironment environment =
                new DevEnvironment(Map.of("DEV_JAVA_EXTRA_OPTS", " -XX:TieredStopAtLevel=4  -Dx=1 "));

        assertThat(JvmOptions.of(root, "enquiry-ingest", environment))
                .containsExactly("@" + root.resolve("enquiry-ingest/jvm.options"), "-XX:TieredStopAtLevel=4", "-Dx=1");
    }

    @Test
    void devJavaOptsTakeThePlaceOfTheOptionsFile() {
        DevEnvironment environment =
                new DevEnvironment(Map.of("DEV_JAVA_OPTS", "-Xmx1g\t-XX:+UseG1GC", "DEV_JAVA_EXTRA_OPTS", "-Dx=1"));

        assertThat(JvmOptions.of(root, "api-service", environment)).containsExactly("-Xmx1g", "-XX:+UseG1GC", "-Dx=1");
    }

    @Test
    void theOptionsAreReadAsTheJvmReadsThemWithTheFilesLinesAndComments() throws IOException {
        Path file = root.resolve("api-service/jvm.options");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "# sized for 256 MiB\n-Xmx128m\n# one GC thread\n-XX:+UseSerialGC\n");

        assertThat(JvmOptions.read(List.of("@" + file, "-Dx=1", "@missing.options"), root))
                .isEqualTo("# sized for 256 MiB -Xmx128m # one GC thread -XX:+UseSerialGC -Dx=1 @missing.options ");
        assertThat(JvmOptions.read(List.of("@api-service/jvm.options"), root)).contains("-Xmx128m");
    }
}
