package com.holidaylistings.integration.api.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiInstances;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.CommandRows;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Quotas per owner on the requests that make work for the dispatcher, on an instance that allows two
 * of each a minute: the third is 429 {@code {"error", "retryAfter"}} with {@code Retry-After}, queues
 * nothing, and leaves every other owner's quota whole.
 */
@Tag("security")
class OwnerQuotaIT extends ApiIntegrationTest {

    private static final int QUOTA = 2;
    private static ApiInstances.Running limited;

    private CommandRows commands;
    private DeliveryRows rows;

    @BeforeAll
    static void startLimitedInstance() {
        limited = ApiInstances.start(Map.of(
                "owner-api.quotas.test-events-per-minute", Integer.toString(QUOTA),
                "owner-api.quotas.redeliveries-per-minute", Integer.toString(QUOTA),
                "owner-api.quotas.recoveries-per-minute", Integer.toString(QUOTA),
                "owner-api.quotas.replays-per-minute", Integer.toString(QUOTA)));
    }

    @AfterAll
    static void stopLimitedInstance() {
        if (limited != null) {
            limited.close();
        }
    }

    @BeforeEach
    void rows() {
        commands = new CommandRows(jdbc);
        rows = new DeliveryRows(jdbc);
    }

    private static ApiClient internal() {
        return ApiClient.https(limited.port()).with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private static String hookPath(TestWorld.Account owner, UUID hook) {
        return "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook;
    }

    @Test
    void refusesAnOwnersTestEventsOverItsQuotaAndQueuesNothing() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/quota/test/" + UUID.randomUUID(), null);
        UUID othersHook = world.subscribe(other, "https://93.184.215.14/quota/test/" + UUID.randomUUID(), null);

        assertRefusedAfterQuota(path -> internal().post(path, null), hookPath(owner, hook) + "/test", "test events");

        assertThat(commands.of(hook, DeliveryCommand.TestEvent.class)).hasSize(QUOTA);
        assertThat(internal().post(hookPath(other, othersHook) + "/test", null).status())
                .isEqualTo(202);
        assertThat(commands.of(othersHook, DeliveryCommand.TestEvent.class)).hasSize(1);
    }

    @Test
    void refusesAnOwnersRedeliveriesOverItsQuotaAndQueuesNothing() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/quota/redeliver/" + UUID.randomUUID(), null);
        UUID othersHook = world.subscribe(other, "https://93.184.215.14/quota/redeliver/" + UUID.randomUUID(), null);
        UUID enquiry = world.newEnquiry(owner);
        rows.delivery(hook, enquiry, DeliveryStatus.SUCCEEDED, 1, 1);
        UUID othersEnquiry = world.newEnquiry(other);
        rows.delivery(othersHook, othersEnquiry, DeliveryStatus.SUCCEEDED, 1, 1);

        assertRefusedAfterQuota(
                path -> internal().post(path, null),
                hookPath(owner, hook) + "/deliveries/" + enquiry + "/redeliver",
                "redeliveries");

        assertThat(commands.of(hook, DeliveryCommand.Redeliver.class)).hasSize(QUOTA);
        assertThat(internal()
                        .post(hookPath(other, othersHook) + "/deliveries/" + othersEnquiry + "/redeliver", null)
                        .status())
                .isEqualTo(202);
    }

    @Test
    void refusesAnOwnersRecoveriesOverItsQuotaAndQueuesNothing() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/quota/recover/" + UUID.randomUUID(), null);
        UUID othersHook = world.subscribe(other, "https://93.184.215.14/quota/recover/" + UUID.randomUUID(), null);
        UUID enquiry = world.newEnquiry(owner);
        rows.delivery(hook, enquiry, DeliveryStatus.ABANDONED, 6, 6);
        Map<String, Object> since =
                Map.of("since", Instant.now().minus(1, ChronoUnit.HOURS).toString());

        assertRefusedAfterQuota(path -> internal().post(path, since), hookPath(owner, hook) + "/recover", "recoveries");

        assertThat(commands.of(hook, DeliveryCommand.Recover.class))
                .as("one a recover, until the quota")
                .hasSize(QUOTA);
        ApiClient.Response others = internal().post(hookPath(other, othersHook) + "/recover", since);
        assertThat(others.status()).as(others.body()).isEqualTo(202);
    }

    @Test
    void refusesAnOwnersDeadLetterReplaysOverItsQuotaAndQueuesNothing() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/quota/replay/" + UUID.randomUUID(), null);

        assertRefusedAfterQuota(
                path -> internal().post(path, Map.of("owner_id", owner.ownerId().toString())),
                "/internal/v1/dead-letters/replay",
                "dead-letter replays");
        ApiClient.Response byHook =
                internal().post("/internal/v1/dead-letters/replay", Map.of("hook_id", hook.toString()));
        assertThat(byHook.status())
                .as("a replay of the owner's hook counts against the owner")
                .isEqualTo(429);

        assertThat(commands.of(owner.ownerId(), DeliveryCommand.ReplayDeadLetters.class))
                .hasSize(QUOTA);
        assertThat(commands.of(hook, DeliveryCommand.ReplayDeadLetters.class)).isEmpty();
        ApiClient.Response others = internal()
                .post(
                        "/internal/v1/dead-letters/replay",
                        Map.of("owner_id", other.ownerId().toString()));
        assertThat(others.status()).as(others.body()).isEqualTo(202);
    }

    /** {@code QUOTA} requests pass, the next is refused with the quota's 429 and its Retry-After. */
    private static void assertRefusedAfterQuota(Function<String, ApiClient.Response> send, String path, String what) {
        for (int i = 0; i < QUOTA; i++) {
            ApiClient.Response passed = send.apply(path);
            assertThat(passed.status()).as(passed.body()).isEqualTo(202);
        }

        ApiClient.Response refused = send.apply(path);

        assertThat(refused.status()).as(refused.body()).isEqualTo(429);
        assertThat(refused.json().propertyNames()).containsExactlyInAnyOrder("error", "retryAfter");
        assertThat(refused.json().get("error").asString())
                .isEqualTo("Quota exceeded: at most " + QUOTA + " " + what + " a minute");
        int retryAfter = refused.json().get("retryAfter").asInt();
        assertThat(retryAfter).isBetween(1, 61);
        assertThat(refused.header("Retry-After")).isEqualTo(Integer.toString(retryAfter));
    }
}
