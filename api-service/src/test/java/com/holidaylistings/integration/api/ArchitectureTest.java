package com.holidaylistings.integration.api;

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
 * api-service's structure, checked on its main classes.
 *
 * <p>The pure types are the values that parse and validate what a caller sent, and the rules decided
 * on them: the request values of both APIs ({@code NewEnquiry}, {@code EnquirySearch},
 * {@code NewProperty}, {@code HookRequest}, {@code ThrottleRequest}, {@code RecoverRequest},
 * {@code StatsDays}, {@code AttemptCursor}, {@code AttemptStatusFilter}, {@code ReplayRequest},
 * {@code NewToken}, {@code IdempotencyKey}), the validation vocabulary they share in {@code web.input}
 * ({@code FieldErrors}, {@code CanonicalUuid}, {@code IsoTimestamp}, {@code LimitParameter},
 * {@code CleanText}), and the decisions that need no database: which targets may receive webhooks
 * ({@code TargetUrlPolicy}), why a hook shows its status ({@code StatusReason}), which tokens are
 * refused unread ({@code AccessTokenFormat}, {@code Scope}), when a client's failures are refused
 * ({@code FailedAuthentications}, counted per {@code ClientAddresses}), which tokens were rejected
 * before ({@code RejectedTokens}), what a request asks for ({@code RequestFingerprint}) and what a
 * rate limit answered ({@code RateLimitDecision}). They stay plain Java, so that every answer the spec
 * fixes for a bad request is unit-tested without a database, a broker or a Spring context, and the
 * controllers and repositories around them only move values.
 */
class ArchitectureTest {

    private static final String ROOT = "com.holidaylistings.integration.api";

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    private static final List<String> PURE_TYPES = List.of(
            ROOT + ".enquiry.NewEnquiry",
            ROOT + ".enquiry.EnquirySearch",
            ROOT + ".property.NewProperty",
            ROOT + ".hook.HookRequest",
            ROOT + ".hook.ThrottleRequest",
            ROOT + ".redelivery.RecoverRequest",
            ROOT + ".stats.StatsDays",
            ROOT + ".attempts.AttemptCursor",
            ROOT + ".attempts.AttemptStatusFilter",
            ROOT + ".deadletter.ReplayRequest",
            ROOT + ".auth.NewToken",
            ROOT + ".idempotency.IdempotencyKey",
            ROOT + ".web.input.FieldErrors",
            ROOT + ".web.input.CanonicalUuid",
            ROOT + ".web.input.IsoTimestamp",
            ROOT + ".web.input.LimitParameter",
            ROOT + ".web.input.CleanText",
            ROOT + ".hook.TargetUrlPolicy",
            ROOT + ".hook.StatusReason",
            ROOT + ".auth.AccessTokenFormat",
            ROOT + ".auth.Scope",
            ROOT + ".auth.FailedAuthentications",
            ROOT + ".auth.ClientAddresses",
            ROOT + ".auth.RejectedTokens",
            ROOT + ".idempotency.RequestFingerprint",
            ROOT + ".ratelimit.RateLimitDecision");

    /** The tables webhook-dispatcher owns (it writes them; this service may only read them). */
    private static final List<String> OTHER_SERVICES_TABLES = List.of(
            "deliveries",
            "webhook_events",
            "delivery_attempts",
            "subscription_health",
            "operational_events",
            "hook_throttles",
            "attempt_counts",
            "applied_commands");

    @Test
    void featurePackagesHaveNoCycles() {
        slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(MAIN);
    }

    /** Inside a feature too (the HTTP edge's error, filter and input parts): each package is one layer. */
    @Test
    void packagesHaveNoCycles() {
        slices().matching(ROOT + ".(**)").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void requestValuesAndDecisionsUseNoKafkaNoJdbcAndNoSpring() {
        assertThat(PURE_TYPES).allMatch(MAIN::contain, "is a main class of api-service");
        noClasses()
                .that(DescribedPredicate.describe("are request values or decisions", ArchitectureTest::isPure))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.springframework..", "org.apache.kafka..", "java.sql..", "javax.sql..", "org.postgresql..")
                .because(
                        "what a request may be and what is decided on it is plain Java, unit-tested without infrastructure")
                .check(MAIN);
    }

    @Test
    void writesNoTableOfAnotherService() {
        assertThat(TableWrites.in(Path.of("src/main/java"), OTHER_SERVICES_TABLES))
                .as("what api-service needs changed in the dispatcher's tables travels as a delivery command")
                .isEmpty();
    }

    private static boolean isPure(JavaClass type) {
        return PURE_TYPES.stream()
                .anyMatch(name -> type.getName().equals(name) || type.getName().startsWith(name + "$"));
    }
}
