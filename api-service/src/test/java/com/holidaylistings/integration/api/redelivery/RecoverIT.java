package com.holidaylistings.integration.api.redelivery;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.ErrorBodies.assertFieldErrors;
import static com.holidaylistings.integration.api.support.ErrorBodies.messages;
import static com.holidaylistings.integration.api.support.Fixtures.aHook;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.ABANDONED;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.PENDING;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.SKIPPED;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.SUCCEEDED;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.WAITING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.CommandRows;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/**
 * POST …/hooks/{hookId}/recover {"since"}: asks webhook-dispatcher, with one
 * {@link DeliveryCommand.Recover} each written to the outbox, for every event since then that the
 * hook's filter matches and that it has not received and is not being delivered: events never fanned
 * out to it (submitted while it was paused: the command carries the outbox's payload), and deliveries
 * abandoned or skipped; owner-scoped; at most the configured number, the oldest first; `queued`
 * counts the commands written. api-service leaves the dispatcher's rows as they are; the
 * dispatcher's DeliveryCommandsIT shows that it skips an event delivered or queued meanwhile.
 */
class RecoverIT extends ApiIntegrationTest {

    private static final String HOOKS = "/integration/v1/hooks/enquiries";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    private Redeliveries redeliveries;

    private DeliveryRows rows;
    private CommandRows commands;

    @BeforeEach
    void rows() {
        rows = new DeliveryRows(jdbc);
        commands = new CommandRows(jdbc);
    }

    private ApiClient portal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private static String recover(UUID ownerId, Object hookId) {
        return "/internal/v1/owners/" + ownerId + "/hooks/" + hookId + "/recover";
    }

    private static Map<String, Object> since(Object since) {
        return Map.of("since", since.toString());
    }

    @Test
    void asksForEveryEventSinceThatTheHookHasNotReceivedAndIsNotBeingDelivered() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/recover", null);
        UUID delivered = world.newEnquiry(owner);
        UUID retrying = world.newEnquiry(owner);
        UUID queued = world.newEnquiry(owner);
        UUID abandoned = world.newEnquiry(owner);
        UUID skipped = world.newEnquiry(owner);
        UUID neverAttempted = world.newEnquiry(owner);
        UUID tooOld = world.newEnquiry(owner);
        rows.submittedAt(tooOld, Instant.now().minus(Duration.ofDays(3)));
        rows.createdAt(hook, Instant.now().minus(Duration.ofDays(10)));
        rows.delivery(hook, delivered, SUCCEEDED, 1, 1);
        rows.delivery(hook, retrying, PENDING, 1, 2);
        rows.delivery(hook, queued, WAITING, 0, 1);
        rows.delivery(hook, abandoned, ABANDONED, 6, 6);
        rows.delivery(hook, skipped, SKIPPED, 0, 1);
        rows.delivery(hook, tooOld, ABANDONED, 6, 6);
        List<DeliveryRows.Delivery> before = rows.deliveries(hook);
        Instant since = Instant.now().minus(Duration.ofDays(2));
        Instant asked = Instant.now().truncatedTo(ChronoUnit.MICROS);

        ApiClient.Response response =
                portal().with("X-Request-Id", "recover-1").post(recover(owner.ownerId(), hook), since(since));

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.json().propertyNames()).containsExactly("queued");
        assertThat(response.json().get("queued").asInt()).isEqualTo(3);
        List<DeliveryCommand.Recover> sent = commands.of(hook, DeliveryCommand.Recover.class);
        assertThat(sent)
                .extracting(
                        command -> command.enquiry().value(),
                        DeliveryCommand.Recover::eventId,
                        DeliveryCommand.Recover::submittedAt,
                        DeliveryCommand.Recover::requestId)
                .containsExactly(
                        tuple(abandoned, rows.eventId(abandoned), rows.sentAt(abandoned), "recover-1"),
                        tuple(skipped, rows.eventId(skipped), rows.sentAt(skipped), "recover-1"),
                        tuple(neverAttempted, rows.eventId(neverAttempted), rows.sentAt(neverAttempted), "recover-1"));
        assertThat(sent).allSatisfy(command -> {
            assertThat(command.owner().value()).isEqualTo(owner.ownerId());
            assertThat(command.requestedAt()).isBetween(asked, Instant.now());
        });
        assertThat(sent).extracting(DeliveryCommand.Recover::commandId).doesNotHaveDuplicates();
        assertThat(sent)
                .extracting(command -> command.event() != null)
                .as("the payload only for the event the dispatcher never had")
                .containsExactly(false, false, true);
        assertThat(rows.deliveries(hook)).as("left to the dispatcher").isEqualTo(before);

        // Asked again before the dispatcher applied them: the same events asked for again, which it skips then.
        ApiClient.Response again =
                portal().with("X-Request-Id", "recover-2").post(recover(owner.ownerId(), hook), since(since));
        assertThat(again.json().get("queued").asInt()).isEqualTo(3);
        assertThat(commands.of(hook, DeliveryCommand.Recover.class))
                .hasSize(6)
                .extracting(DeliveryCommand.Recover::commandId)
                .doesNotHaveDuplicates();

        // Once the dispatcher has them queued, delivered or abandoned again, only the unreceived are asked for.
        rows.status(hook, abandoned, SUCCEEDED);
        rows.status(hook, skipped, WAITING);
        rows.delivery(hook, neverAttempted, ABANDONED, 6, 6);
        rows.status(hook, retrying, ABANDONED);
        ApiClient.Response third =
                portal().with("X-Request-Id", "recover-3").post(recover(owner.ownerId(), hook), since(since));
        assertThat(third.json().get("queued").asInt()).isEqualTo(2);
        assertThat(commands.of(hook, DeliveryCommand.Recover.class))
                .filteredOn(command -> command.requestId().equals("recover-3"))
                .extracting(command -> command.enquiry().value())
                .containsExactly(retrying, neverAttempted);
    }

    @Test
    void asksForNothingWhileTheDeliveriesAreQueuedOrBeingRetried() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/recover-twice", null);
        Instant since = Instant.now().minusSeconds(1);
        List<UUID> enquiries = List.of(world.newEnquiry(owner), world.newEnquiry(owner));
        enquiries.forEach(enquiry -> rows.delivery(hook, enquiry, ABANDONED, 6, 6));

        ApiClient.Response first =
                portal().with("X-Request-Id", "first").post(recover(owner.ownerId(), hook), since(since));
        // As the dispatcher leaves them once it applied the commands: one queued, one taken by its row poller.
        rows.status(hook, enquiries.get(0), WAITING);
        rows.status(hook, enquiries.get(1), PENDING);
        ApiClient.Response second =
                portal().with("X-Request-Id", "second").post(recover(owner.ownerId(), hook), since(since));

        assertThat(first.json().get("queued").asInt()).isEqualTo(2);
        assertThat(second.json().get("queued").asInt())
                .as("queued or being retried")
                .isZero();
        assertThat(commands.of(hook, DeliveryCommand.Recover.class))
                .extracting(DeliveryCommand.Recover::requestId)
                .containsExactly("first", "first");
    }

    @Test
    void includesTheEventsSubmittedWhileTheHookWasPaused() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/paused", null);
        Instant since = Instant.now().minusSeconds(1);
        String hookPath = "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook;
        assertThat(portal().post(hookPath + "/pause", null).status()).isEqualTo(200);
        // Submitted while paused: the dispatcher fanned them out to no delivery of this hook.
        UUID first = world.newEnquiry(owner);
        UUID second = world.newEnquiry(owner);

        assertError(
                portal().post(recover(owner.ownerId(), hook), since(since)), 409, "Hook is paused; resume it first");
        assertThat(commands.of(hook)).isEmpty();

        assertThat(portal().post(hookPath + "/resume", null).status()).isEqualTo(200);
        ApiClient.Response response =
                portal().with("X-Request-Id", "after-pause").post(recover(owner.ownerId(), hook), since(since));
        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.json().get("queued").asInt()).isEqualTo(2);
        assertThat(commands.of(hook, DeliveryCommand.Recover.class))
                .extracting(
                        command -> command.enquiry().value(),
                        DeliveryCommand.Recover::eventId,
                        DeliveryCommand.Recover::submittedAt,
                        DeliveryCommand.Recover::event,
                        DeliveryCommand.Recover::requestId)
                .containsExactly(
                        tuple(first, rows.eventId(first), rows.sentAt(first), outboxEvent(first), "after-pause"),
                        tuple(second, rows.eventId(second), rows.sentAt(second), outboxEvent(second), "after-pause"));
        assertThat(rows.deliveries(hook)).isEmpty();
    }

    @Test
    void keepsToTheHooksFilterAndTheOwner() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        UUID secondProperty = world.newProperty(owner.ownerId());
        Instant since = Instant.now().minusSeconds(1);
        UUID allProperties = world.subscribe(owner, "https://93.184.215.14/all", null);
        UUID oneProperty = world.subscribe(owner, "https://93.184.215.14/one", secondProperty);
        UUID theirs = world.subscribe(other, "https://93.184.215.14/theirs", null);
        UUID onFirst = world.newEnquiry(owner);
        UUID onSecond =
                UUID.fromString(world.submitEnquiry(secondProperty).get("id").asString());
        UUID theirEnquiry = world.newEnquiry(other);

        assertThat(portal().post(recover(owner.ownerId(), allProperties), since(since))
                        .json()
                        .get("queued")
                        .asInt())
                .isEqualTo(2);
        assertThat(portal().post(recover(owner.ownerId(), oneProperty), since(since))
                        .json()
                        .get("queued")
                        .asInt())
                .isEqualTo(1);

        assertThat(enquiries(allProperties)).containsExactly(onFirst, onSecond);
        assertThat(enquiries(oneProperty)).containsExactly(onSecond);
        assertThat(commands.of(theirs)).isEmpty();
        // Owner B cannot recover owner A's hook, nor A B's.
        assertError(portal().post(recover(other.ownerId(), allProperties), since(since)), 404, "Not found");
        assertError(portal().post(recover(owner.ownerId(), theirs), since(since)), 404, "Not found");
        assertThat(commands.of(theirs)).isEmpty();
        assertThat(enquiries(allProperties)).containsExactly(onFirst, onSecond).doesNotContain(theirEnquiry);
    }

    @Test
    void leavesOutEventsSubmittedBeforeTheHookExisted() {
        TestWorld.Account owner = world.newAccount();
        UUID earlier = world.newEnquiry(owner);
        rows.submittedAt(earlier, Instant.now().minus(Duration.ofHours(2)));
        UUID hook = world.subscribe(owner, "https://93.184.215.14/new", null);
        rows.createdAt(hook, Instant.now().minus(Duration.ofHours(1)));
        UUID later = world.newEnquiry(owner);

        ApiClient.Response response = portal().post(
                        recover(owner.ownerId(), hook), since(Instant.now().minus(Duration.ofDays(1))));

        assertThat(response.json().get("queued").asInt()).isEqualTo(1);
        assertThat(enquiries(hook)).containsExactly(later);
    }

    @Test
    void usesTheDeliverysRowForAnEventNoLongerInTheOutboxAndSkipsEventsWithNeither() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/purged", null);
        Instant since = Instant.now().minusSeconds(1);
        UUID failed = world.newEnquiry(owner);
        UUID forgotten = world.newEnquiry(owner);
        rows.delivery(hook, failed, ABANDONED, 6, 6);
        UUID event = rows.eventId(failed);
        rows.purgeOutbox(failed);
        rows.purgeOutbox(forgotten);

        ApiClient.Response response =
                portal().with("X-Request-Id", "r").post(recover(owner.ownerId(), hook), since(since));

        assertThat(response.json().get("queued").asInt()).isEqualTo(1);
        assertThat(commands.of(hook, DeliveryCommand.Recover.class))
                .extracting(
                        command -> command.enquiry().value(),
                        DeliveryCommand.Recover::eventId,
                        DeliveryCommand.Recover::event,
                        DeliveryCommand.Recover::requestId)
                .as("the dispatcher keeps the payload beside its delivery")
                .containsExactly(tuple(failed, event, null, "r"));
    }

    @Test
    void queuesAtMostTheCapTheOldestFirstAndContinuesWhenCalledAgain() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/capped", null);
        Instant since = Instant.now().minusSeconds(1);
        List<UUID> enquiries = List.of(
                world.newEnquiry(owner),
                world.newEnquiry(owner),
                world.newEnquiry(owner),
                world.newEnquiry(owner),
                world.newEnquiry(owner));

        Recovery first = redeliveries.recover(OwnerId.of(owner.ownerId()), SubscriptionId.of(hook), since, "cap-1", 2);
        assertThat(first.queued()).isEqualTo(2);
        assertThat(enquiries(hook)).containsExactlyElementsOf(enquiries.subList(0, 2));

        // Each call goes on from what the dispatcher queued of the one before.
        queuedByTheDispatcher(hook, "cap-1");
        Recovery second = redeliveries.recover(OwnerId.of(owner.ownerId()), SubscriptionId.of(hook), since, "cap-2", 2);
        queuedByTheDispatcher(hook, "cap-2");
        Recovery third = redeliveries.recover(OwnerId.of(owner.ownerId()), SubscriptionId.of(hook), since, "cap-3", 2);
        assertThat(second.queued()).isEqualTo(2);
        assertThat(third.queued()).isEqualTo(1);
        assertThat(enquiries(hook)).containsExactlyElementsOf(enquiries);
    }

    @Test
    void refusesASinceThatIsNotATimestampInTheFutureOrMoreThan14DaysAgo() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/since", null);
        world.newEnquiry(owner);
        Instant now = Instant.now();

        for (Object bad : List.of("yesterday", "2026-11-20", "2026-11-20T10:00:00", "", 12345)) {
            ApiClient.Response response = portal().post(recover(owner.ownerId(), hook), Map.of("since", bad));
            assertFieldErrors(response, "Invalid request", "since");
        }
        ApiClient.Response future =
                portal().post(recover(owner.ownerId(), hook), since(now.plus(Duration.ofMinutes(5))));
        assertFieldErrors(future, "Invalid request", "since");
        assertThat(messages(future, "since")).containsExactly("must not be in the future");
        ApiClient.Response tooOld = portal().post(
                        recover(owner.ownerId(), hook),
                        since(now.minus(Duration.ofDays(14)).minusSeconds(60)));
        assertFieldErrors(tooOld, "Invalid request", "since");
        assertThat(messages(tooOld, "since")).containsExactly("must be at most 14 days ago");
        ApiClient.Response missing = portal().post(recover(owner.ownerId(), hook), Map.of());
        assertFieldErrors(missing, "Invalid request", "since");
        assertThat(messages(missing, "since")).containsExactly("is required");
        assertThat(commands.of(hook)).isEmpty();

        ApiClient.Response withOffset = portal().post(
                        recover(owner.ownerId(), hook),
                        since(now.minus(Duration.ofDays(13)).atOffset(java.time.ZoneOffset.ofHours(2))));
        assertThat(withOffset.status()).as(withOffset.body()).isEqualTo(202);
        assertThat(withOffset.json().get("queued").asInt()).isEqualTo(1);
    }

    @Test
    void refusesARemovedOrGoneHookAndUnknownIds() {
        TestWorld.Account owner = world.newAccount();
        UUID removed = world.subscribe(owner, "https://93.184.215.14/removed", null);
        UUID gone = world.subscribe(owner, "https://93.184.215.14/gone", null);
        Instant since = Instant.now().minusSeconds(1);
        world.newEnquiry(owner);
        assertThat(as(owner)
                        .delete(HOOKS, aHook("https://93.184.215.14/removed", null))
                        .status())
                .isEqualTo(200);
        jdbc.sql("update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'gone' where id = :id")
                .param("id", gone)
                .update();

        assertError(portal().post(recover(owner.ownerId(), removed), since(since)), 409, "Hook is unsubscribed");
        assertError(
                portal().post(recover(owner.ownerId(), gone), since(since)),
                409,
                "Hook is unsubscribed: its receiver answered 410 Gone");
        assertError(portal().post(recover(UUID.randomUUID(), removed), since(since)), 404, "Not found");
        assertError(portal().post(recover(owner.ownerId(), UUID.randomUUID()), since(since)), 404, "Not found");
        assertError(portal().post(recover(owner.ownerId(), "abc"), since(since)), 404, "Not found");
        assertError(http.post(recover(owner.ownerId(), removed), since(since)), 401, "Unauthorized");
        assertThat(commands.of(removed)).isEmpty();
        assertThat(commands.of(gone)).isEmpty();
    }

    /** The enquiries of the hook's recover commands, in the order written. */
    private List<UUID> enquiries(UUID hook) {
        return commands.of(hook, DeliveryCommand.Recover.class).stream()
                .map(command -> command.enquiry().value())
                .toList();
    }

    /** What the dispatcher makes of the recover commands of a request: each event's delivery queued. */
    private void queuedByTheDispatcher(UUID hook, String requestId) {
        commands.of(hook, DeliveryCommand.Recover.class).stream()
                .filter(command -> command.requestId().equals(requestId))
                .forEach(command -> rows.delivery(hook, command.enquiry().value(), WAITING, 0, 1));
    }

    private EnquiryCreated outboxEvent(UUID enquiry) {
        return JSON.readValue(rows.outboxPayload(enquiry), EnquiryCreated.class);
    }
}
