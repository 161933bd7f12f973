package com.holidaylistings.integration.devstack.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceJarTest {

    private static final Instant BUILT = Instant.parse("2025-01-01T12:00:00Z");

    @TempDir
    Path root;

    private Path jar;

    @BeforeEach
    void checkout() throws IOException {
        file("pom.xml", "<modules><module>api-service</module></modules>");
        file("api-service/pom.xml", "<dependency><artifactId>webhook-secrets</artifactId></dependency>");
        file("api-service/src/main/java/Api.java", "class Api {}");
        file("webhook-secrets/pom.xml", "<project/>");
        file("webhook-secrets/src/main/java/Secrets.java", "class Secrets {}");
        file("delivery-log/pom.xml", "<project/>");
        file("delivery-log/src/main/java/Log.java", "class Log {}");
        file("bench/results/run.json", "{}");
        file("docs/openapi.json", "{}");
        jar = file("api-service/target/api-service-0.1.0.jar", "jar");
        touch(jar, BUILT);
    }

    @Test
    void aJarNewerThanEveryInputIsNotStale() {
        assertThat(ServiceJar.isStale(root, "api-service", jar)).isFalse();
    }

    @Test
    void aChangeToTheModulesSourcesMakesItStale() throws IOException {
        touch(root.resolve("api-service/src/main/java/Api.java"), BUILT.plusSeconds(1));

        assertThat(ServiceJar.isStale(root, "api-service", jar)).isTrue();
    }

    @Test
    void aChangeToTheSourcesOfAModuleItDependsOnMakesItStale() throws IOException {
        touch(root.resolve("webhook-secrets/src/main/java/Secrets.java"), BUILT.plusSeconds(1));

        assertThat(ServiceJar.isStale(root, "api-service", jar)).isTrue();
    }

    @Test
    void aChangeToAModuleItDoesNotDependOnDoesNotCount() throws IOException {
        touch(root.resolve("delivery-log/src/main/java/Log.java"), BUILT.plusSeconds(1));
        touch(root.resolve("bench/results/run.json"), BUILT.plusSeconds(1));

        assertThat(ServiceJar.isStale(root, "api-service", jar)).isFalse();
    }

    @Test
    void aChangeToAnyPomMakesItStale() throws IOException {
        touch(root.resolve("delivery-log/pom.xml"), BUILT.plusSeconds(1));

        assertThat(ServiceJar.isStale(root, "api-service", jar)).isTrue();
    }

    @Test
    void theApiReferenceCountsForApiServiceOnly() throws IOException {
        touch(root.resolve("docs/openapi.json"), BUILT.plusSeconds(1));
        Path ingestJar = file("enquiry-ingest/target/enquiry-ingest-0.1.0.jar", "jar");
        file("enquiry-ingest/pom.xml", "<project/>");
        touch(root.resolve("enquiry-ingest/pom.xml"), BUILT.minusSeconds(1));
        touch(ingestJar, BUILT);

        assertThat(ServiceJar.isStale(root, "api-service", jar)).isTrue();
        assertThat(ServiceJar.isStale(root, "enquiry-ingest", ingestJar)).isFalse();
    }

    @Test
    void theExecutableJarIsTheNewestButThePlainSourcesJavadocAndTestsJars() throws IOException {
        Path older = file("api-service/target/api-service-0.0.9.jar", "jar");
        touch(older, BUILT.minusSeconds(60));
        for (String kind : new String[] {"plain", "sources", "javadoc", "tests"}) {
            touch(file("api-service/target/api-service-0.1.0-" + kind + ".jar", "jar"), BUILT.plusSeconds(60));
        }
        touch(file("api-service/target/api-service-0.1.0.jar.original", "jar"), BUILT.plusSeconds(60));

        assertThat(ServiceJar.find(root, "api-service")).contains(jar);
        assertThat(ServiceJar.find(root, "enquiry-ingest")).isEmpty();
    }

    private Path file(String path, String content) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        touch(file, BUILT.minusSeconds(3600));
        return file;
    }

    private static void touch(Path file, Instant time) throws IOException {
        Files.setLastModifiedTime(file, FileTime.from(time));
    }
}
