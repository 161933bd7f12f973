package com.holidaylistings.integration.api.deadletter;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static com.holidaylistings.integration.api.support.ErrorBodies.messages;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.ABANDONED;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.PENDING;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.SUCCEEDED;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.WAITING;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.CommandRows;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * POST /internal/v1/dead-letters/replay: one {@link DeliveryCommand.ReplayDeadLetters} written to the
 * outbox with the request's filters and the time it was answered, keyed by the hook (else the owner),
 * and {@code queued}, the abandoned non-test deliveries that match then; api-service changes none of
 * the dispatcher's rows. That the dispatcher replays those (and none abandoned after the command's
 * time) is its DeliveryCommandsIT's. The dispatcher's rows are written the way it writes them. Every
 * test names an owner or a hook of its own, so that the deliveries other test classes left abandoned
 * are counted by none.
 */
class DeadLetterReplayIT extends ApiIntegrationTest {

    private static final String REPLAY = "/internal/v1/dead-letters/replay";

    private DeliveryRows rows;
    private CommandRows commands;

    @BeforeEach
    void rows() {
        rows = new DeliveryRows(jdbc);
        commands = new CommandRows(jdbc);
    }

    private ApiClient operator() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    /** An owner's hook with one abandoned, one succeeded and one pending delivery; the enquiries in that order. */
    private record Hook(TestWorld.Account owner, UUID id, List<UUID> enquiries) {}

    private Hook hookWithDeadLetters(String path) {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/" + path, null);
        UUID abandoned = world.newEnquiry(owner);
        rows.delivery(hook, abandoned, ABANDONED, 6, 6);
        UUID succeeded = world.newEnquiry(owner);
        rows.delivery(hook, succeeded, SUCCEEDED, 1, 1);
        UUID pending = world.newEnquiry(owner);
        rows.delivery(hook, pending, PENDING, 2, 2);
        return new Hook(owner, hook, List.of(abandoned, succeeded, pending));
    }

    @Test
    void asksForTheOwnersAbandonedDeliveriesWithTheIdOfTheRequest() {
        Hook first = hookWithDeadLetters("owner-first");
        UUID second = world.subscribe(first.owner(), "https://93.184.215.14/owner-second", null);
        UUID alsoAbandoned = world.newEnquiry(first.owner());
        rows.delivery(second, alsoAbandoned, ABANDONED, 6, 6);
        Hook otherOwners = hookWithDeadLetters("owner-other");
        Instant before = databaseNow();

        ApiClient.Response response = operator()
                .with("X-Request-Id", "ops-replay-1")
                .post(REPLAY, Map.of("owner_id", first.owner().ownerId().toString()));

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.body()).isEqualTo("{\"queued\":2}");
        DeliveryCommand.ReplayDeadLetters replay = singleReplay(first.owner().ownerId());
        assertThat(replay.owner().value()).isEqualTo(first.owner().ownerId());
        assertThat(replay.hook()).isNull();
        assertThat(replay.since()).isNull();
        assertThat(replay.requestId()).isEqualTo("ops-replay-1");
        assertThat(replay.requestedAt())
                .as("the database's time of the count, the cut-off of what it replays")
                .isBetween(before, databaseNow());
        assertThat(commands.of(first.id())).isEmpty();
        assertThat(commands.of(otherOwners.owner().ownerId())).isEmpty();
        assertThat(statuses(first.id())).as("left to the dispatcher").containsExactly(ABANDONED, SUCCEEDED, PENDING);
        assertThat(statuses(second)).containsExactly(ABANDONED);
        assertThat(statuses(otherOwners.id())).containsExactly(ABANDONED, SUCCEEDED, PENDING);
    }

    @Test
    void asksForOneHooksAbandonedDeliveriesWithoutNamingItsOwner() {
        Hook hook = hookWithDeadLetters("hook-only");
        UUID sameOwnersOtherHook = world.subscribe(hook.owner(), "https://93.184.215.14/hook-other", null);
        UUID other = world.newEnquiry(hook.owner());
        rows.delivery(sameOwnersOtherHook, other, ABANDONED, 6, 6);

        ApiClient.Response response =
                operator().post(REPLAY, Map.of("hook_id", hook.id().toString()));

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.json().get("queued").asInt()).isOne();
        DeliveryCommand.ReplayDeadLetters replay = singleReplay(hook.id());
        assertThat(replay.hook().value()).isEqualTo(hook.id());
        assertThat(replay.owner()).isNull();
        assertThat(commands.of(hook.owner().ownerId())).isEmpty();
        assertThat(commands.of(sameOwnersOtherHook)).isEmpty();
        assertThat(statuses(hook.id())).containsExactly(ABANDONED, SUCCEEDED, PENDING);
    }

    @Test
    void countsOnlyDeliveriesSubmittedAtOrAfterSinceAndPassesSinceOn() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/since", null);
        Instant cut = Instant.now().minus(2, ChronoUnit.HOURS).truncatedTo(ChronoUnit.MICROS);
        UUID older = world.newEnquiry(owner);
        rows.submittedAt(older, cut.minus(1, ChronoUnit.MICROS));
        UUID atTheCut = world.newEnquiry(owner);
        rows.submittedAt(atTheCut, cut);
        UUID newer = world.newEnquiry(owner);
        for (UUID enquiry : List.of(older, atTheCut, newer)) {
            rows.delivery(hook, enquiry, ABANDONED, 6, 6);
        }

        ApiClient.Response response =
                operator().post(REPLAY, Map.of("hook_id", hook.toString(), "since", cut.toString()));

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.json().get("queued").asInt()).isEqualTo(2);
        assertThat(singleReplay(hook).since()).isEqualTo(cut);
        assertThat(statuses(hook)).containsExactly(ABANDONED, ABANDONED, ABANDONED);
    }

    @Test
    void findsNothingNewOnceTheDispatcherReplayedThemAndNothingForAnotherOwnersHook() {
        Hook hook = hookWithDeadLetters("twice");
        Map<String, Object> filter = Map.of("hook_id", hook.id().toString());

        assertThat(operator().post(REPLAY, filter).json().get("queued").asInt()).isOne();
        ApiClient.Response beforeItIsApplied = operator().post(REPLAY, filter);
        // What the dispatcher makes of the command: the abandoned delivery waits again.
        rows.status(hook.id(), hook.enquiries().getFirst(), WAITING);
        ApiClient.Response again = operator().post(REPLAY, filter);
        ApiClient.Response mismatched = operator()
                .post(
                        REPLAY,
                        Map.of(
                                "hook_id",
                                hook.id().toString(),
                                "owner_id",
                                world.newOwner().id().toString()));

        assertThat(beforeItIsApplied.body()).as("counted as it is when asked").isEqualTo("{\"queued\":1}");
        assertThat(again.status()).isEqualTo(202);
        assertThat(again.body()).isEqualTo("{\"queued\":0}");
        assertThat(mismatched.body()).isEqualTo("{\"queued\":0}");
        assertThat(commands.of(hook.id(), DeliveryCommand.ReplayDeadLetters.class))
                .as("one command per request, each applied once")
                .hasSize(4)
                .extracting(DeliveryCommand.ReplayDeadLetters::commandId)
                .doesNotHaveDuplicates();
    }

    @Test
    void answersTwoReplaysAtOnceEachWithACommandOfItsOwn() throws Exception {
        Hook hook = hookWithDeadLetters("at-once");
        for (int i = 0; i < 10; i++) {
            UUID enquiry = world.newEnquiry(hook.owner());
            rows.delivery(hook.id(), enquiry, ABANDONED, 6, 6);
        }
        Map<String, Object> filter = Map.of("owner_id", hook.owner().ownerId().toString());

        CompletableFuture<ApiClient.Response> one =
                CompletableFuture.supplyAsync(() -> operator().post(REPLAY, filter));
        CompletableFuture<ApiClient.Response> other =
                CompletableFuture.supplyAsync(() -> operator().post(REPLAY, filter));

        assertThat(one.get(30, TimeUnit.SECONDS).json().get("queued").asInt()).isEqualTo(11);
        assertThat(other.get(30, TimeUnit.SECONDS).json().get("queued").asInt()).isEqualTo(11);
        assertThat(commands.of(hook.owner().ownerId(), DeliveryCommand.ReplayDeadLetters.class))
                .as("the dispatcher replays each delivery once: the second finds it waiting")
                .hasSize(2)
                .extracting(DeliveryCommand.ReplayDeadLetters::commandId)
                .doesNotHaveDuplicates();
    }

    @Test
    void refusesBadInputAndChangesNothing() {
        Hook hook = hookWithDeadLetters("bad-input");
        Map<String, Object> nullOwner = new HashMap<>();
        nullOwner.put("owner_id", null);
        nullOwner.put("hookid", hook.id().toString());

        assertFieldErrors(operator().post(REPLAY, Map.of("owner_id", "not-a-uuid")), "Invalid request", "owner_id");
        assertFieldErrors(operator().post(REPLAY, Map.of("hook_id", 42)), "Invalid request", "hook_id");
        assertFieldErrors(operator().post(REPLAY, Map.of("hook_id", hook.id() + "x")), "Invalid request", "hook_id");
        ApiClient.Response since =
                operator().post(REPLAY, Map.of("hook_id", hook.id().toString(), "since", "yesterday"));
        assertFieldErrors(since, "Invalid request", "since");
        assertThat(messages(since, "since"))
                .containsExactly("must be an ISO 8601 timestamp with Z or an offset, e.g. 2026-11-22T10:15:30Z");
        ApiClient.Response misspelt = operator().post(REPLAY, nullOwner);
        assertFieldErrors(misspelt, "Invalid request", "hookid");
        assertThat(messages(misspelt, "hookid"))
                .containsExactly("is not a field of this request (owner_id, hook_id, since)");
        assertFieldErrors(operator().post(REPLAY, List.of(hook.id().toString())), "Invalid request", "body");
        assertFieldErrors(operator().post(REPLAY, "{\"hook_id\":"), "Invalid request", "body");
        assertFieldErrors(operator().send("POST", REPLAY, null), "Invalid request", "body");

        assertThat(commands.of(hook.id())).isEmpty();
        assertThat(statuses(hook.id())).containsExactly(ABANDONED, SUCCEEDED, PENDING);
    }

    @Test
    void refusesWithoutTheAdminKeyAndChangesNothing() {
        Hook hook = hookWithDeadLetters("no-key");
        Map<String, Object> filter = Map.of("hook_id", hook.id().toString());

        assertError(http.post(REPLAY, filter), 401, "Unauthorized");
        assertError(http.with("X-Admin-Key", "wrong").post(REPLAY, filter), 401, "Unauthorized");
        assertError(http.withToken(hook.owner().token()).post(REPLAY, filter), 401, "Unauthorized");

        assertThat(commands.of(hook.id())).isEmpty();
        assertThat(statuses(hook.id())).containsExactly(ABANDONED, SUCCEEDED, PENDING);
    }

    /** The one replay keyed {@code key} (the hook it names, else the owner). */
    private DeliveryCommand.ReplayDeadLetters singleReplay(UUID key) {
        List<DeliveryCommand> sent = commands.of(key);
        assertThat(sent).hasSize(1).first().isInstanceOf(DeliveryCommand.ReplayDeadLetters.class);
        return (DeliveryCommand.ReplayDeadLetters) sent.getFirst();
    }

    private List<DeliveryStatus> statuses(UUID hook) {
        return rows.deliveries(hook).stream().map(DeliveryRows.Delivery::status).toList();
    }

    private Instant databaseNow() {
        return jdbc.sql("select now()")
                .query(java.time.OffsetDateTime.class)
                .single()
                .toInstant();
    }
}
