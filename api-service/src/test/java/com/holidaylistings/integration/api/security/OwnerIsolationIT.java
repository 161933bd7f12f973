package com.holidaylistings.integration.api.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.CommandRows;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Owners' isolation (broken object-level authorisation): every operation that names an owner's
 * object, public or internal, asked with another owner's token or under another owner's path,
 * answers 404 and changes nothing of the object's owner. One owner (the victim) has a property, an
 * enquiry, a hook with a delivery and its attempt, and a token; the other (the intruder) has its own
 * property, hook and token.
 */
@Tag("security")
class OwnerIsolationIT extends ApiIntegrationTest {

    /** One request that reaches for the victim's object as the intruder, and the answer it must get. */
    record Probe(String name, int expected, Function<OwnerIsolationIT, ApiClient.Response> call) {
        @Override
        public String toString() {
            return name;
        }
    }

    private TestWorld.Account victim;
    private TestWorld.Account intruder;
    private UUID victimEnquiry;
    private UUID victimHook;
    private UUID victimTokenId;
    private UUID intruderHook;
    private long victimAttempt;
    private ApiClient admin;

    @BeforeEach
    void twoOwners() {
        admin = http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
        victim = world.newAccount();
        intruder = world.newAccount();
        victimHook = world.subscribe(victim, "https://93.184.215.14/victim/" + UUID.randomUUID(), null);
        intruderHook = world.subscribe(intruder, "https://93.184.215.14/intruder/" + UUID.randomUUID(), null);
        victimEnquiry = world.newEnquiry(victim);
        DeliveryRows rows = new DeliveryRows(jdbc);
        rows.delivery(victimHook, victimEnquiry, DeliveryStatus.PENDING, 0, 1);
        victimAttempt = rows.exchange(
                victimHook,
                victimEnquiry,
                1,
                "failed",
                503,
                "HTTP 503",
                Instant.now(),
                new DeliveryRows.Exchange(null, "{}", "victim's answer", false));
        victimTokenId = UUID.fromString(admin.get("/internal/v1/owners/" + victim.ownerId() + "/tokens")
                .json()
                .get("tokens")
                .get(0)
                .get("id")
                .asString());
    }

    static List<Probe> probes() {
        return List.of(
                // the public API, with the intruder's all-scopes token
                new Probe(
                        "GET /enquiries/{victim's}",
                        404,
                        t -> t.intruderApi().get("/integration/v1/enquiries/" + t.victimEnquiry)),
                new Probe(
                        "PATCH /enquiries/{victim's}",
                        404,
                        t -> t.intruderApi()
                                .patch("/integration/v1/enquiries/" + t.victimEnquiry, Map.of("status", "archived"))),
                // the internal API, the victim's objects under the intruder's path
                new Probe(
                        "pause the victim's hook under the intruder",
                        404,
                        t -> t.admin.post(t.intruderPath("/hooks/" + t.victimHook + "/pause"), Map.of())),
                new Probe(
                        "resume the victim's hook under the intruder",
                        404,
                        t -> t.admin.post(t.intruderPath("/hooks/" + t.victimHook + "/resume"), Map.of())),
                new Probe(
                        "the victim's hook's deliveries under the intruder",
                        404,
                        t -> t.admin.get(t.intruderPath("/hooks/" + t.victimHook + "/deliveries"))),
                new Probe(
                        "redeliver the victim's enquiry to the victim's hook under the intruder",
                        404,
                        t -> t.admin.post(
                                t.intruderPath(
                                        "/hooks/" + t.victimHook + "/deliveries/" + t.victimEnquiry + "/redeliver"),
                                Map.of())),
                new Probe(
                        "redeliver the victim's enquiry to the intruder's own hook",
                        404,
                        t -> t.admin.post(
                                t.intruderPath(
                                        "/hooks/" + t.intruderHook + "/deliveries/" + t.victimEnquiry + "/redeliver"),
                                Map.of())),
                new Probe(
                        "recover the victim's hook under the intruder",
                        404,
                        t -> t.admin.post(
                                t.intruderPath("/hooks/" + t.victimHook + "/recover"),
                                Map.of(
                                        "since",
                                        Instant.now().minus(1, ChronoUnit.HOURS).toString()))),
                new Probe(
                        "the victim's hook's deliveries, filtered and paged, under the intruder",
                        404,
                        t -> t.admin.get(
                                t.intruderPath("/hooks/" + t.victimHook + "/deliveries?status=failed&limit=1"))),
                new Probe(
                        "the victim's attempt under the intruder",
                        404,
                        t -> t.admin.get(t.intruderPath("/hooks/" + t.victimHook + "/attempts/" + t.victimAttempt))),
                new Probe(
                        "the victim's attempt through the intruder's own hook",
                        404,
                        t -> t.admin.get(t.intruderPath("/hooks/" + t.intruderHook + "/attempts/" + t.victimAttempt))),
                new Probe(
                        "a test event to the victim's hook under the intruder",
                        404,
                        t -> t.admin.post(t.intruderPath("/hooks/" + t.victimHook + "/test"), null)),
                new Probe(
                        "the victim's hook's statistics under the intruder",
                        404,
                        t -> t.admin.get(t.intruderPath("/hooks/" + t.victimHook + "/stats"))),
                new Probe(
                        "throttle the victim's hook under the intruder",
                        404,
                        t -> t.admin.send(
                                "PUT",
                                t.intruderPath("/hooks/" + t.victimHook + "/throttle"),
                                Map.of("per_second", 1))),
                new Probe(
                        "the victim's hook's secret under the intruder",
                        404,
                        t -> t.admin.get(t.intruderPath("/hooks/" + t.victimHook + "/secret"))),
                new Probe(
                        "rotate the victim's hook's secret under the intruder",
                        404,
                        t -> t.admin.post(t.intruderPath("/hooks/" + t.victimHook + "/secret/rotate"), null)),
                new Probe(
                        "set the victim's hook's headers under the intruder",
                        404,
                        t -> t.admin.send(
                                "PUT",
                                t.intruderPath("/hooks/" + t.victimHook + "/headers"),
                                Map.of("headers", Map.of("X-Tenant", "intruder")))),
                new Probe(
                        "revoke the victim's token under the intruder",
                        404,
                        t -> t.admin.delete(t.intruderPath("/tokens/" + t.victimTokenId), null)),
                new Probe(
                        "the victim's property's enquiry through the intruder's hooks list",
                        200,
                        t -> t.admin.get(t.intruderPath("/hooks"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void anotherOwnersObjectIsNotFoundAndUnchanged(Probe probe) {
        ApiClient.Response response = probe.call().apply(this);

        assertThat(response.status()).as(response.body()).isEqualTo(probe.expected());
        assertThat(response.body())
                .doesNotContain(victimHook.toString())
                .doesNotContain(victimEnquiry.toString())
                .doesNotContain("victim's answer");
        assertVictimUnchanged();
    }

    private void assertVictimUnchanged() {
        assertThat(http.withToken(victim.token()).get("/integration/v1/auth").status())
                .as("the victim's token still works")
                .isEqualTo(200);
        assertThat(jdbc.sql("select status from enquiries where id = :id")
                        .param("id", victimEnquiry)
                        .query(String.class)
                        .single())
                .isEqualTo("sent");
        assertThat(jdbc.sql("select paused from webhook_subscriptions where id = :id")
                        .param("id", victimHook)
                        .query(Boolean.class)
                        .single())
                .isFalse();
        assertThat(jdbc.sql("select throttle_per_second is null from webhook_subscriptions where id = :id")
                        .param("id", victimHook)
                        .query(Boolean.class)
                        .single())
                .as("no throttle set")
                .isTrue();
        assertThat(jdbc.sql("select count(*) from hook_secrets where subscription_id = :id")
                        .param("id", victimHook)
                        .query(Integer.class)
                        .single())
                .as("no secret of its own given")
                .isZero();
        assertThat(jdbc.sql("select count(*) from hook_headers where subscription_id = :id")
                        .param("id", victimHook)
                        .query(Integer.class)
                        .single())
                .as("no header set")
                .isZero();
        CommandRows commands = new CommandRows(jdbc);
        assertThat(List.of(victimHook, intruderHook, victim.ownerId(), intruder.ownerId()))
                .flatExtracting(commands::of)
                .as("no test event sent, no delivery asked for")
                .isEmpty();
    }

    private ApiClient intruderApi() {
        return http.withToken(intruder.token());
    }

    private String intruderPath(String rest) {
        return "/internal/v1/owners/" + intruder.ownerId() + rest;
    }
}
