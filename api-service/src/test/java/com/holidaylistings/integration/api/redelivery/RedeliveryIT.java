package com.holidaylistings.integration.api.redelivery;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.Fixtures.aHook;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.ABANDONED;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.GONE;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.PENDING;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.SKIPPED;
import static com.holidaylistings.integration.deliverylog.DeliveryStatus.SUCCEEDED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.CommandRows;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.events.delivery.WebhookIds;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * POST …/hooks/{hookId}/deliveries/{enquiryId}/redeliver: asks webhook-dispatcher for a new delivery
 * of any event of the hook, delivered or not, with one {@link DeliveryCommand.Redeliver} written to
 * the outbox (carrying the event's payload from the outbox when the event was never fanned out to
 * the hook), answered 202; api-service leaves the dispatcher's rows as they are, whatever state the
 * delivery is in. What the dispatcher makes of the command (a delivery queued again at stage 1, a
 * delivery in progress only marked as asked for) is its own DeliveryCommandsIT's. The dispatcher's
 * rows are written the way it writes them; a refused request writes no command.
 */
class RedeliveryIT extends ApiIntegrationTest {

    private static final String HOOKS = "/integration/v1/hooks/enquiries";
    private static final Instant T0 = Instant.parse("2026-11-20T10:00:00.123456Z");
    private static final JsonMapper JSON = JsonMapper.builder().build();

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

    private static String redeliver(UUID ownerId, Object hookId, Object enquiryId) {
        return "/internal/v1/owners/" + ownerId + "/hooks/" + hookId + "/deliveries/" + enquiryId + "/redeliver";
    }

    @Test
    void asksForADeliveredEventAgainWithTheIdOfTheRequest() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/delivered", null);
        UUID enquiry = world.newEnquiry(owner);
        rows.delivery(hook, enquiry, SUCCEEDED, 1, 1);
        rows.attempt(hook, enquiry, 1, "succeeded", T0);
        DeliveryRows.Delivery delivered = single(hook);
        Instant before = Instant.now().truncatedTo(ChronoUnit.MICROS);

        ApiClient.Response response = portal().with("X-Request-Id", "portal-redeliver-1")
                .post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.json().propertyNames()).containsExactlyInAnyOrder("hook_id", "enquiry_id", "status");
        assertThat(response.json().get("hook_id").asString()).isEqualTo(hook.toString());
        assertThat(response.json().get("enquiry_id").asString()).isEqualTo(enquiry.toString());
        assertThat(response.json().get("status").asString()).isEqualTo("queued");
        DeliveryCommand.Redeliver command = singleCommand(hook);
        assertThat(command.requestId()).isEqualTo("portal-redeliver-1");
        assertThat(command.requestedAt()).isBetween(before, Instant.now());
        assertThat(command.owner().value()).isEqualTo(owner.ownerId());
        assertThat(command.hook().value()).isEqualTo(hook);
        assertThat(command.eventId()).isEqualTo(rows.eventId(enquiry));
        assertThat(command.enquiry().value()).isEqualTo(enquiry);
        assertThat(command.submittedAt()).isEqualTo(rows.sentAt(enquiry));
        assertThat(command.event())
                .as("the dispatcher keeps the payload beside its delivery")
                .isNull();
        assertThat(WebhookIds.of(command.eventId(), SubscriptionId.of(hook)))
                .as("the delivery it names")
                .isEqualTo(delivered.webhookId());
        assertThat(single(hook)).as("left to the dispatcher").isEqualTo(delivered);
    }

    @Test
    void asksForAnEventWhateverWayItsDeliveryEnded() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/failed", null);
        // Delivered at its third attempt, after two retries.
        UUID succeededLate = world.newEnquiry(owner);
        rows.delivery(hook, succeededLate, SUCCEEDED, 3, 3);
        UUID abandoned = world.newEnquiry(owner);
        rows.delivery(hook, abandoned, ABANDONED, 6, 6);
        UUID neverAttempted = world.newEnquiry(owner);
        rows.delivery(hook, neverAttempted, SKIPPED, 0, 1);
        List<DeliveryRows.Delivery> before = rows.deliveries(hook);

        List<ApiClient.Response> responses = List.of(
                portal().post(redeliver(owner.ownerId(), hook, succeededLate), null),
                portal().post(redeliver(owner.ownerId(), hook, abandoned), null),
                portal().post(redeliver(owner.ownerId(), hook, neverAttempted), null));

        assertThat(responses).extracting(ApiClient.Response::status).containsOnly(202);
        assertThat(commands.of(hook, DeliveryCommand.Redeliver.class))
                .extracting(
                        command -> command.enquiry().value(),
                        DeliveryCommand.Redeliver::eventId,
                        DeliveryCommand.Redeliver::requestId)
                .containsExactly(
                        tuple(
                                succeededLate,
                                rows.eventId(succeededLate),
                                responses.get(0).header("X-Request-Id")),
                        tuple(
                                abandoned,
                                rows.eventId(abandoned),
                                responses.get(1).header("X-Request-Id")),
                        tuple(
                                neverAttempted,
                                rows.eventId(neverAttempted),
                                responses.get(2).header("X-Request-Id")));
        assertThat(rows.deliveries(hook)).isEqualTo(before);
    }

    @Test
    void asksForAnEventSubmittedWhileTheHookWasPausedWithItsPayloadOnceItIsResumed() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/paused-then", null);
        String hookPath = "/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook;
        assertThat(portal().post(hookPath + "/pause", null).status()).isEqualTo(200);
        // Submitted while paused: the dispatcher fanned it out to no delivery of this hook.
        UUID enquiry = world.newEnquiry(owner);

        assertError(
                portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 409, "Hook is paused; resume it first");
        assertThat(commands.of(hook)).isEmpty();

        assertThat(portal().post(hookPath + "/resume", null).status()).isEqualTo(200);
        assertThat(portal().with("X-Request-Id", "after-pause")
                        .post(redeliver(owner.ownerId(), hook, enquiry), null)
                        .status())
                .isEqualTo(202);

        DeliveryCommand.Redeliver command = singleCommand(hook);
        assertThat(command.eventId()).as("the outbox row's id").isEqualTo(rows.eventId(enquiry));
        assertThat(command.enquiry().value()).isEqualTo(enquiry);
        assertThat(command.submittedAt()).isEqualTo(rows.sentAt(enquiry));
        assertThat(command.requestId()).isEqualTo("after-pause");
        assertThat(command.event())
                .as("the exact event of the outbox")
                .isEqualTo(JSON.readValue(rows.outboxPayload(enquiry), EnquiryCreated.class));
        assertThat(rows.deliveries(hook)).isEmpty();
    }

    @Test
    void usesTheDeliverysRowOnceTheOutboxRowIsPurged() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/purged", null);
        UUID enquiry = world.newEnquiry(owner);
        rows.delivery(hook, enquiry, ABANDONED, 6, 6);
        UUID event = rows.eventId(enquiry);
        rows.purgeOutbox(enquiry);

        ApiClient.Response response =
                portal().with("X-Request-Id", "after-purge").post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(commands.of(hook, DeliveryCommand.Redeliver.class))
                .extracting(
                        DeliveryCommand.Redeliver::eventId,
                        DeliveryCommand.Redeliver::event,
                        DeliveryCommand.Redeliver::requestId)
                .containsExactly(tuple(event, null, "after-purge"));
        assertThat(rows.deliveries(hook))
                .extracting(DeliveryRows.Delivery::status)
                .containsExactly(ABANDONED);
    }

    @Test
    void answersNotFoundWithAReasonWhenTheEventIsNoLongerKept() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/forgotten", null);
        UUID enquiry = world.newEnquiry(owner);
        // Its delivery to this hook is past the dispatcher's retention (or never was), and its outbox row is purged.
        rows.purgeOutbox(enquiry);
        // A delivery whose payload retention dropped first, its outbox row purged too.
        UUID withoutPayload = world.newEnquiry(owner);
        rows.delivery(hook, withoutPayload, ABANDONED, 6, 6);
        rows.dropPayload(rows.eventId(withoutPayload));
        rows.purgeOutbox(withoutPayload);

        assertError(
                portal().post(redeliver(owner.ownerId(), hook, enquiry), null),
                404,
                "Not found: the event is no longer kept for redelivery");
        assertError(
                portal().post(redeliver(owner.ownerId(), hook, withoutPayload), null),
                404,
                "Not found: the event is no longer kept for redelivery");
        assertThat(commands.of(hook)).isEmpty();
        assertThat(rows.deliveries(hook))
                .extracting(DeliveryRows.Delivery::enquiryId, DeliveryRows.Delivery::status)
                .containsExactly(tuple(withoutPayload, ABANDONED));
    }

    @Test
    void writesACommandOfItsOwnForEachRequest() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/twice", null);
        UUID enquiry = world.newEnquiry(owner);

        ApiClient.Response first =
                portal().with("X-Request-Id", "first").post(redeliver(owner.ownerId(), hook, enquiry), null);
        ApiClient.Response again =
                portal().with("X-Request-Id", "second").post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(first.status()).as(first.body()).isEqualTo(202);
        assertThat(again.status()).as(again.body()).isEqualTo(202);
        assertThat(again.json().get("status").asString()).isEqualTo("queued");
        List<DeliveryCommand.Redeliver> sent = commands.of(hook, DeliveryCommand.Redeliver.class);
        assertThat(sent)
                .extracting(DeliveryCommand.Redeliver::eventId, DeliveryCommand.Redeliver::requestId)
                .containsExactly(tuple(rows.eventId(enquiry), "first"), tuple(rows.eventId(enquiry), "second"));
        assertThat(sent.get(0).commandId())
                .as("each applied once, the second only marks the first's delivery")
                .isNotEqualTo(sent.get(1).commandId());
        assertThat(sent.get(1).requestedAt()).isAfterOrEqualTo(sent.get(0).requestedAt());
    }

    @Test
    void asksForADeliveryBeingRetriedAndLeavesItsChainToTheDispatcher() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/retrying", null);
        UUID enquiry = world.newEnquiry(owner);
        // Two attempts failed; its record waits on the third stage's retry topic.
        rows.delivery(hook, enquiry, PENDING, 2, 3);
        DeliveryRows.Delivery retried = single(hook);

        ApiClient.Response response =
                portal().with("X-Request-Id", "while-retried").post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(commands.of(hook, DeliveryCommand.Redeliver.class))
                .extracting(DeliveryCommand.Redeliver::requestId)
                .containsExactly("while-retried");
        assertThat(single(hook)).as("the same chain, untouched by api-service").isEqualTo(retried);

        // Delivered since: asked for again, as any delivered event.
        rows.status(hook, enquiry, SUCCEEDED);
        ApiClient.Response again =
                portal().with("X-Request-Id", "after-success").post(redeliver(owner.ownerId(), hook, enquiry), null);

        assertThat(again.status()).as(again.body()).isEqualTo(202);
        assertThat(commands.of(hook, DeliveryCommand.Redeliver.class))
                .extracting(DeliveryCommand.Redeliver::requestId)
                .containsExactly("while-retried", "after-success");
        assertThat(single(hook).status()).isEqualTo(SUCCEEDED);
    }

    @Test
    void answersNotFoundForAnotherOwnersHookOrEnquiryAndForUnknownOrMalformedIds() {
        TestWorld.Account owner = world.newAccount();
        TestWorld.Account other = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/mine", null);
        UUID theirs = world.subscribe(other, "https://93.184.215.14/theirs", null);
        UUID enquiry = world.newEnquiry(owner);
        UUID theirEnquiry = world.newEnquiry(other);

        List<String> paths = List.of(
                "/internal/v1/owners/" + UUID.randomUUID() + "/hooks/" + hook + "/deliveries/" + enquiry + "/redeliver",
                "/internal/v1/owners/abc/hooks/" + hook + "/deliveries/" + enquiry + "/redeliver",
                // owner B against owner A's hook, with A's or B's enquiry
                redeliver(other.ownerId(), hook, enquiry),
                redeliver(other.ownerId(), hook, theirEnquiry),
                // owner A's hook with owner B's enquiry, and B's hook through A
                redeliver(owner.ownerId(), hook, theirEnquiry),
                redeliver(owner.ownerId(), theirs, theirEnquiry),
                redeliver(owner.ownerId(), UUID.randomUUID(), enquiry),
                redeliver(owner.ownerId(), "abc", enquiry),
                redeliver(owner.ownerId(), "1-1-1-1-1", enquiry),
                redeliver(owner.ownerId(), hook, "abc"),
                redeliver(owner.ownerId(), hook, "1-1-1-1-1"),
                redeliver(owner.ownerId(), hook, UUID.randomUUID()));
        for (String path : paths) {
            assertError(portal().post(path, null), 404, "Not found");
        }
        assertThat(commands.of(hook)).isEmpty();
        assertThat(commands.of(theirs)).isEmpty();
    }

    @Test
    void answersNotFoundForAnEventTheHooksFilterDoesNotMatch() {
        TestWorld.Account owner = world.newAccount();
        UUID otherProperty = world.newProperty(owner.ownerId());
        UUID hook = world.subscribe(owner, "https://93.184.215.14/one-property", owner.propertyId());
        UUID elsewhere =
                UUID.fromString(world.submitEnquiry(otherProperty).get("id").asString());
        UUID before = world.newEnquiry(owner);
        // Submitted before the hook existed: the dispatcher never sends those to it either.
        rows.submittedAt(before, Instant.now().minus(Duration.ofDays(1)));
        rows.createdAt(hook, Instant.now().minus(Duration.ofHours(1)));

        assertError(portal().post(redeliver(owner.ownerId(), hook, elsewhere), null), 404, "Not found");
        assertError(portal().post(redeliver(owner.ownerId(), hook, before), null), 404, "Not found");
        assertThat(commands.of(hook)).isEmpty();
    }

    @Test
    void refusesAHookTheOwnerRemoved() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/removed", null);
        UUID enquiry = world.newEnquiry(owner);
        assertThat(as(owner)
                        .delete(HOOKS, aHook("https://93.184.215.14/removed", null))
                        .status())
                .isEqualTo(200);

        assertError(portal().post(redeliver(owner.ownerId(), hook, enquiry), null), 409, "Hook is unsubscribed");
        assertThat(commands.of(hook)).isEmpty();
    }

    @Test
    void refusesAHookItsReceiverUnsubscribedWithGone() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/gone", null);
        UUID enquiry = world.newEnquiry(owner);
        rows.delivery(hook, enquiry, GONE, 1, 1);
        rows.attempt(hook, enquiry, 1, "gone", T0);
        jdbc.sql("update webhook_subscriptions set unsubscribed_at = now(), unsubscribe_reason = 'gone' where id = :id")
                .param("id", hook)
                .update();

        assertError(
                portal().post(redeliver(owner.ownerId(), hook, enquiry), null),
                409,
                "Hook is unsubscribed: its receiver answered 410 Gone");
        assertThat(commands.of(hook)).isEmpty();
        assertThat(rows.deliveries(hook))
                .extracting(DeliveryRows.Delivery::status, DeliveryRows.Delivery::requestedAt)
                .containsExactly(tuple(GONE, null));
    }

    @Test
    void needsTheAdminKey() {
        TestWorld.Account owner = world.newAccount();
        UUID hook = world.subscribe(owner, "https://93.184.215.14/keyed", null);
        UUID enquiry = world.newEnquiry(owner);

        assertError(http.post(redeliver(owner.ownerId(), hook, enquiry), null), 401, "Unauthorized");
        assertError(
                http.with("X-Admin-Key", "wrong").post(redeliver(owner.ownerId(), hook, enquiry), null),
                401,
                "Unauthorized");
        assertThat(commands.of(hook)).isEmpty();
    }

    private DeliveryRows.Delivery single(UUID hook) {
        List<DeliveryRows.Delivery> deliveries = rows.deliveries(hook);
        assertThat(deliveries).hasSize(1);
        return deliveries.getFirst();
    }

    private DeliveryCommand.Redeliver singleCommand(UUID hook) {
        List<DeliveryCommand> sent = commands.of(hook);
        assertThat(sent).hasSize(1).first().isInstanceOf(DeliveryCommand.Redeliver.class);
        return (DeliveryCommand.Redeliver) sent.getFirst();
    }
}
