package com.holidaylistings.integration.ingest;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.testsupport.TableWrites;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * enquiry-ingest's structure, checked on its main classes.
 *
 * <p>The relay decides one thing: what a row of the outbox becomes on Kafka. Its value,
 * {@code OutboxEvent} (topic, key, headers, payload), stays plain Java, so that what is published is
 * a value the tests compare, not a state of the engine. The translation that makes it,
 * {@code OutboxChangeTranslator}, reads Kafka Connect's records, which is what Debezium hands it, so
 * it is not among the pure types. enquiry-ingest owns no table: it reads the outbox from the
 * write-ahead log.
 */
class ArchitectureTest {

    private static final String ROOT = "com.holidaylistings.integration.ingest";

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    private static final String PURE_TYPE = ROOT + ".relay.OutboxEvent";

    /** The tables api-service and webhook-dispatcher own; enquiry-ingest owns none. */
    private static final List<String> OTHER_SERVICES_TABLES = Stream.of(
                    List.of(
                            "owners",
                            "access_tokens",
                            "properties",
                            "enquiries",
                            "outbox",
                            "idempotency_keys",
                            "portal_links",
                            "portal_sessions",
                            "rate_limit_counters",
                            "webhook_subscriptions",
                            "webhook_secrets"),
                    List.of(
                            "deliveries",
                            "webhook_events",
                            "delivery_attempts",
                            "subscription_health",
                            "operational_events",
                            "hook_throttles",
                            "attempt_counts",
                            "applied_commands"))
            .flatMap(List::stream)
            .toList();

    @Test
    void featurePackagesHaveNoCycles() {
        slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void outboxEventUsesNoKafkaNoJdbcAndNoSpring() {
        assertThat(MAIN.contain(PURE_TYPE))
                .as(PURE_TYPE + " is a main class of enquiry-ingest")
                .isTrue();
        noClasses()
                .that()
                .haveFullyQualifiedName(PURE_TYPE)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.springframework..",
                        "org.apache.kafka..",
                        "io.debezium..",
                        "java.sql..",
                        "javax.sql..",
                        "org.postgresql..")
                .because("what a row of the outbox becomes is a plain value")
                .check(MAIN);
    }

    @Test
    void writesNoTableOfAnotherService() {
        assertThat(TableWrites.in(Path.of("src/main/java"), OTHER_SERVICES_TABLES))
                .as("enquiry-ingest reads the outbox from the write-ahead log and writes no table")
                .isEmpty();
    }
}
