package com.holidaylistings.integration.api.redelivery;

import static com.holidaylistings.integration.api.support.ErrorBodies.assertError;
import static com.holidaylistings.integration.api.support.Fixtures.aHook;
import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.api.support.ApiClient;
import com.holidaylistings.integration.api.support.ApiIntegrationTest;
import com.holidaylistings.integration.api.support.CommandRows;
import com.holidaylistings.integration.api.support.DeliveryRows;
import com.holidaylistings.integration.api.support.TestWorld;
import com.holidaylistings.integration.deliverylog.DeliveryStatus;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import com.holidaylistings.integration.events.delivery.WebhookIds;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * POST …/hooks/{hookId}/test: a delivery of a sample {@code enquiry.created} event, waiting on its row
 * for the dispatcher's row poller, marked as a test so that nothing retries, recovers or replays it.
 */
class TestEventIT extends ApiIntegrationTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private DeliveryRows rows;
    private CommandRows commands;
    private TestWorld.Account owner;

    @BeforeEach
    void rows() {
        rows = new DeliveryRows(jdbc);
        commands = new CommandRows(jdbc);
        owner = world.newAccount();
    }

    private ApiClient portal() {
        return http.with("X-Admin-Key", TestWorld.ADMIN_KEY);
    }

    private String hookPath(UUID ownerId, UUID hook) {
        return "/internal/v1/owners/" + ownerId + "/hooks/" + hook;
    }

    @Test
    void queuesOneTestDeliveryDueNowWithTheRequestsId() {
        UUID hook = world.subscribe(owner, "https://93.184.215.14/test/" + UUID.randomUUID(), null);
        Instant before = Instant.now().minusSeconds(1);

        ApiClient.Response response =
                portal().with("X-Request-Id", "test-event-1").post(hookPath(owner.ownerId(), hook) + "/test", null);

        assertThat(response.status()).as(response.body()).isEqualTo(202);
        assertThat(response.json().propertyNames()).containsExactly("webhook_id");
        List<DeliveryCommand> sent = commands.of(hook);
        assertThat(sent).hasSize(1).first().isInstanceOf(DeliveryCommand.TestEvent.class);
        DeliveryCommand.TestEvent command = (DeliveryCommand.TestEvent) sent.getFirst();
        assertThat(response.json().get("webhook_id").asString())
                .startsWith("msg_")
                .isEqualTo(WebhookIds.of(command.eventId(), SubscriptionId.of(hook)))
                .isEqualTo(jdbc.sql("select webhook_id(:event, :hook)")
                        .param("event", command.eventId())
                        .param("hook", hook)
                        .query(String.class)
                        .single());
        assertThat(command.owner().value()).isEqualTo(owner.ownerId());
        assertThat(command.requestedAt()).isBetween(before, Instant.now().plusSeconds(1));
        assertThat(command.requestId()).isEqualTo("test-event-1");
        assertThat(rows.deliveries(hook)).as("api-service writes no delivery").isEmpty();
        assertThat(jdbc.sql("select count(*) from enquiries where id = :id")
                        .param("id", command.event().enquiryId())
                        .query(Integer.class)
                        .single())
                .as("about no enquiry")
                .isZero();
        assertThat(jdbc.sql("select count(*) from outbox where aggregate_id = :id")
                        .param("id", command.event().enquiryId())
                        .query(Integer.class)
                        .single())
                .as("nothing for enquiry.created")
                .isZero();
    }

    @Test
    void carriesTheSpecsPayloadOfASampleEnquiryOnTheHooksProperty() {
        UUID second = world.newProperty(owner.ownerId());
        UUID hook = world.subscribe(owner, "https://93.184.215.14/test-one/" + UUID.randomUUID(), second);
        UUID real = world.newEnquiry(owner);

        assertThat(portal().post(hookPath(owner.ownerId(), hook) + "/test", null)
                        .status())
                .isEqualTo(202);

        JsonNode payload = JSON.readTree(payload(testEvents(hook).getFirst()));
        JsonNode intake = JSON.readTree(rows.outboxPayload(real));
        assertThat(payload.propertyNames())
                .as("the fields of the intake's event, in its order")
                .containsExactlyElementsOf(intake.propertyNames());
        assertThat(payload.get("party_details").propertyNames())
                .containsExactlyElementsOf(intake.get("party_details").propertyNames());
        assertThat(payload.get("event").asString()).isEqualTo("enquiry.created");
        assertThat(payload.get("subject").asString()).isEqualTo("Test enquiry");
        assertThat(payload.get("status").asString()).isEqualTo("sent");
        assertThat(payload.get("property_id").asString()).isEqualTo(second.toString());
        assertThat(payload.get("owner_email").asString()).isEqualTo(owner.email());
        assertThat(payload.get("enquiry_id").asString())
                .isEqualTo(testEvents(hook).getFirst().event().enquiryId().toString())
                .isNotEqualTo(real.toString());
        assertThat(Instant.parse(payload.get("sent_at").asString()))
                .isBetween(Instant.now().minusSeconds(30), Instant.now());
    }

    @Test
    void namesOneOfTheOwnersPropertiesOrASampleOne() {
        UUID hook = world.subscribe(owner, "https://93.184.215.14/test-all/" + UUID.randomUUID(), null);
        portal().post(hookPath(owner.ownerId(), hook) + "/test", null);
        assertThat(JSON.readTree(payload(testEvents(hook).getFirst()))
                        .get("property_id")
                        .asString())
                .isEqualTo(owner.propertyId().toString());

        // An owner whose properties are all gone (a hook made before, as the listing site allows).
        jdbc.sql("delete from properties where owner_id = :o")
                .param("o", owner.ownerId())
                .update();
        portal().post(hookPath(owner.ownerId(), hook) + "/test", null);
        JsonNode sample = JSON.readTree(payload(testEvents(hook).getLast()));
        assertThat(sample.get("property_id").asString()).isEqualTo(TestEvents.SAMPLE_PROPERTY.toString());
        assertThat(sample.get("property_title").asString()).isEqualTo("Sample property");
    }

    @Test
    void refusesAPausedOrRemovedHookAndQueuesNothing() {
        String target = "https://93.184.215.14/test-paused/" + UUID.randomUUID();
        UUID hook = world.subscribe(owner, target, null);
        portal().post(hookPath(owner.ownerId(), hook) + "/pause", null);

        assertError(
                portal().post(hookPath(owner.ownerId(), hook) + "/test", null), 409, "Hook is paused; resume it first");

        portal().post(hookPath(owner.ownerId(), hook) + "/resume", null);
        assertThat(as(owner)
                        .delete("/integration/v1/hooks/enquiries", aHook(target, null))
                        .status())
                .isEqualTo(200);
        assertError(portal().post(hookPath(owner.ownerId(), hook) + "/test", null), 409, "Hook is unsubscribed");
        assertThat(commands.of(hook)).isEmpty();
    }

    @Test
    void answersNotFoundForAnotherOwnersUnknownOrMalformedHook() {
        TestWorld.Account other = world.newAccount();
        UUID theirs = world.subscribe(other, "https://93.184.215.14/test-theirs/" + UUID.randomUUID(), null);

        for (String hook : List.of(theirs.toString(), UUID.randomUUID().toString(), "abc")) {
            assertError(
                    portal().post("/internal/v1/owners/" + owner.ownerId() + "/hooks/" + hook + "/test", null),
                    404,
                    "Not found");
        }
        assertError(portal().post(hookPath(UUID.randomUUID(), theirs) + "/test", null), 404, "Not found");
        assertThat(commands.of(theirs)).isEmpty();
    }

    @Test
    void isNeitherRecoveredNorReplayedAfterItEnded() {
        UUID hook = world.subscribe(owner, "https://93.184.215.14/test-ended/" + UUID.randomUUID(), null);
        String webhookId = portal().post(hookPath(owner.ownerId(), hook) + "/test", null)
                .json()
                .get("webhook_id")
                .asString();
        rows.testDeliveryMade(testEvents(hook).getFirst());
        rows.testAttempt(hook, webhookId, 500, Instant.now());
        assertThat(rows.testDeliveries(hook).getFirst().status()).isEqualTo(DeliveryStatus.ABANDONED);

        ApiClient.Response recovered = portal().post(
                        hookPath(owner.ownerId(), hook) + "/recover",
                        Map.of("since", Instant.now().minus(1, ChronoUnit.HOURS).toString()));
        ApiClient.Response replayed =
                portal().post("/internal/v1/dead-letters/replay", Map.of("hook_id", hook.toString()));

        assertThat(recovered.json().get("queued").asInt()).isZero();
        assertThat(replayed.json().get("queued").asInt()).isZero();
        assertThat(rows.testDeliveries(hook).getFirst().status()).isEqualTo(DeliveryStatus.ABANDONED);
    }

    @Test
    void showsItsAttemptMarkedAsATest() {
        UUID hook = world.subscribe(owner, "https://93.184.215.14/test-log/" + UUID.randomUUID(), null);
        String webhookId = portal().post(hookPath(owner.ownerId(), hook) + "/test", null)
                .json()
                .get("webhook_id")
                .asString();
        rows.testDeliveryMade(testEvents(hook).getFirst());
        long id = rows.testAttempt(hook, webhookId, 204, Instant.now());

        JsonNode listed = portal().get(hookPath(owner.ownerId(), hook) + "/deliveries")
                .json()
                .get("deliveries")
                .get(0);
        JsonNode detail = portal().get(hookPath(owner.ownerId(), hook) + "/attempts/" + id)
                .json();

        assertThat(listed.get("test").asBoolean()).isTrue();
        assertThat(listed.get("webhook_id").asString()).isEqualTo(webhookId);
        assertThat(detail.get("test").asBoolean()).isTrue();
        assertThat(detail.get("request").get("body").asString()).contains("\"subject\":\"Test enquiry\"");
    }

    private List<DeliveryCommand.TestEvent> testEvents(UUID hook) {
        return commands.of(hook, DeliveryCommand.TestEvent.class);
    }

    private static String payload(DeliveryCommand.TestEvent command) {
        return JSON.writeValueAsString(command.event());
    }
}
