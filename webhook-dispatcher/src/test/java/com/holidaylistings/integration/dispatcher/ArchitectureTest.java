package com.holidaylistings.integration.dispatcher;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.testsupport.TableWrites;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The dispatcher's structure, checked on its main classes.
 *
 * <p>The decision types are the ones that decide what happens to a delivery, to its subscription's
 * health, and to an owner's share of the capacity: {@code DeliveryTransitions} ("one type decides every
 * transition", docs/delivery.md), the values it decides on and returns ({@code Delivery},
 * {@code HookHealth}, {@code Attempt}, {@code HttpOutcome}, the {@code OperationalEvent}s that follow),
 * and {@code OwnerLanes}, which decides which owner's attempt takes a free slot. They stay plain Java,
 * so that every rule about a delivery is unit-tested without a broker or a database, and no rule hides
 * in a listener or a query. {@code RetrySchedule} is not among them: it is the one class that spells
 * the retry topics and headers, so it reads and writes Kafka records.
 */
class ArchitectureTest {

    private static final String ROOT = "com.holidaylistings.integration.dispatcher";

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    private static final List<String> DECISION_TYPES = List.of(
            ROOT + ".transition.DeliveryTransitions",
            ROOT + ".transition.Delivery",
            ROOT + ".transition.HookHealth",
            ROOT + ".transition.Attempt",
            ROOT + ".transition.HttpOutcome",
            ROOT + ".operational.OperationalEvent",
            ROOT + ".lane.OwnerLanes");

    /** The tables api-service owns (it writes them; this service may only read them). */
    private static final List<String> OTHER_SERVICES_TABLES = List.of(
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
            "webhook_secrets",
            "hook_secrets",
            "hook_headers");

    @Test
    void featurePackagesHaveNoCycles() {
        slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void decisionTypesUseNoKafkaNoJdbcAndNoSpring() {
        assertThat(DECISION_TYPES).allMatch(MAIN::contain, "is a main class of the dispatcher");
        noClasses()
                .that(DescribedPredicate.describe("are decision types", ArchitectureTest::isDecisionType))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.springframework..", "org.apache.kafka..", "java.sql..", "javax.sql..", "org.postgresql..")
                .because("every rule about a delivery is decided in plain Java, unit-tested without infrastructure")
                .check(MAIN);
    }

    @Test
    void writesNoTableOfAnotherService() {
        assertThat(TableWrites.in(Path.of("src/main/java"), OTHER_SERVICES_TABLES))
                .as("what the dispatcher needs changed in api-service's tables travels as a message")
                .isEmpty();
    }

    @Test
    void oneClassWritesTheDeliveryTables() {
        assertThat(TableWrites.in(Path.of("src/main/java"), List.of("deliveries", "webhook_events")))
                .extracting(write -> write.file().getFileName().toString())
                .as("every change of a delivery's row is one of its transitions, written by the delivery store")
                .containsOnly("DeliveryStore.java")
                .isNotEmpty();
    }

    private static boolean isDecisionType(JavaClass type) {
        return DECISION_TYPES.stream()
                .anyMatch(name -> type.getName().equals(name) || type.getName().startsWith(name + "$"));
    }
}
