package com.holidaylistings.integration.events.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.PartyDetails;
import com.holidaylistings.integration.events.delivery.EnquiryId;
import com.holidaylistings.integration.events.delivery.OwnerId;
import com.holidaylistings.integration.events.delivery.SubscriptionId;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class DeliveryCommandTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final OwnerId OWNER = OwnerId.of(UUID.fromString("11111111-1111-4111-8111-111111111111"));
    private static final SubscriptionId HOOK =
            SubscriptionId.of(UUID.fromString("22222222-2222-4222-8222-222222222222"));
    private static final EnquiryId ENQUIRY = EnquiryId.of(UUID.fromString("6f1c2a8e-3b1d-4c55-9a0e-2f9d6b7c8a01"));
    private static final Instant REQUESTED_AT = Instant.parse("2026-11-23T09:00:00.123456Z");
    private static final Instant SUBMITTED_AT = Instant.parse("2026-11-22T10:15:30.123456Z");

    /** The commands of the golden file, in its order. */
    static List<DeliveryCommand> commands() {
        return List.of(
                new DeliveryCommand.TestEvent(
                        id(1),
                        REQUESTED_AT,
                        "req-test",
                        OWNER,
                        HOOK,
                        UUID.fromString("0190f1a2-0000-7000-8000-0000000000e1"),
                        anEvent()),
                new DeliveryCommand.Redeliver(
                        id(2),
                        REQUESTED_AT,
                        "req-redeliver",
                        OWNER,
                        HOOK,
                        UUID.fromString("0190f1a2-0000-7000-8000-0000000000e2"),
                        ENQUIRY,
                        SUBMITTED_AT,
                        null),
                new DeliveryCommand.Recover(
                        id(3),
                        REQUESTED_AT,
                        "req-recover",
                        OWNER,
                        HOOK,
                        UUID.fromString("0190f1a2-0000-7000-8000-0000000000e2"),
                        ENQUIRY,
                        SUBMITTED_AT,
                        null),
                new DeliveryCommand.ReplayDeadLetters(
                        id(4), REQUESTED_AT, "req-replay", OWNER, null, Instant.parse("2026-11-20T00:00:00Z")),
                new DeliveryCommand.ThrottleChanged(id(5), REQUESTED_AT, "req-throttle", OWNER, HOOK, 50),
                new DeliveryCommand.ThrottleChanged(id(6), REQUESTED_AT, "req-unthrottle", OWNER, HOOK, null));
    }

    @Test
    void serializesEachCommandExactlyAsTheGoldenJson() throws IOException {
        List<DeliveryCommand> commands = commands();
        JsonNode golden = golden();
        for (int i = 0; i < commands.size(); i++) {
            JsonNode written =
                    JSON.readTree(JSON.writerFor(DeliveryCommand.class).writeValueAsString(commands.get(i)));

            assertThat(written).isEqualTo(golden.get(i));
            assertThat(fieldNames(written)).containsExactlyElementsOf(fieldNames(golden.get(i)));
        }
    }

    @Test
    void readsBackEachGoldenCommand() throws IOException {
        JsonNode golden = golden();
        for (int i = 0; i < golden.size(); i++) {
            assertThat(JSON.readValue(golden.get(i).toString(), DeliveryCommand.class))
                    .isEqualTo(commands().get(i));
        }
    }

    @Test
    void namesItsTypeAsItsJsonDoes() throws IOException {
        JsonNode golden = golden();
        List<DeliveryCommand> commands = commands();
        for (int i = 0; i < commands.size(); i++) {
            assertThat(commands.get(i).type())
                    .isEqualTo(golden.get(i).get("type").asString());
        }
        assertThat(DeliveryCommand.TYPES)
                .containsExactly(
                        "delivery.test",
                        "delivery.redeliver",
                        "delivery.recover",
                        "delivery.replay-dead-letters",
                        "delivery.throttle-changed");
    }

    @Test
    void isKeyedByItsHookElseItsOwnerElseOneFixedKey() {
        assertThat(commands().get(1).key()).isEqualTo(HOOK.value());
        assertThat(new DeliveryCommand.ReplayDeadLetters(id(5), REQUESTED_AT, null, OWNER, HOOK, null).key())
                .isEqualTo(HOOK.value());
        assertThat(commands().get(3).key()).isEqualTo(OWNER.value());
        assertThat(commands().get(4).key()).isEqualTo(HOOK.value());
        assertThat(commands().get(5).key()).isEqualTo(HOOK.value());
        assertThat(new DeliveryCommand.ReplayDeadLetters(id(6), REQUESTED_AT, null, null, null, null).key())
                .isEqualTo(DeliveryCommand.ALL_KEY);
    }

    @Test
    void refusesACommandWithoutItsId() throws IOException {
        String withoutId =
                golden().get(1).toString().replace("\"command_id\":\"0190f1a2-0000-7000-8000-000000000002\",", "");

        assertThatThrownBy(() -> JSON.readValue(withoutId, DeliveryCommand.class))
                .hasMessageContaining("command_id");
    }

    @Test
    void refusesAThrottleChangeWithoutItsHook() throws IOException {
        String withoutHook = golden().get(4).toString().replace("\"hook_id\":\"" + HOOK.value() + "\",", "");

        assertThatThrownBy(() -> JSON.readValue(withoutHook, DeliveryCommand.class))
                .hasMessageContaining("hook_id");
    }

    @Test
    void refusesAnUnknownType() throws IOException {
        String unknown = golden().get(1).toString().replace("delivery.redeliver", "delivery.explode");

        assertThatThrownBy(() -> JSON.readValue(unknown, DeliveryCommand.class))
                .hasMessageContaining("delivery.explode");
    }

    private static EnquiryCreated anEvent() {
        return EnquiryCreated.of(
                ENQUIRY.value(),
                UUID.fromString("0b9d8e7f-1a2b-4c3d-8e9f-0a1b2c3d4e5f"),
                "Seaview Cottage",
                "https://www.holidaylistings.example/properties/seaview-cottage",
                "owner@example.com",
                "Summer week",
                "Is the cottage free in August?",
                SUBMITTED_AT,
                "Ada Guest",
                "ada@example.org",
                new PartyDetails(4, LocalDate.parse("2027-08-01"), LocalDate.parse("2027-08-08"), "Family holiday"));
    }

    private static UUID id(int n) {
        return UUID.fromString("0190f1a2-0000-7000-8000-%012d".formatted(n));
    }

    private static JsonNode golden() throws IOException {
        try (InputStream in = DeliveryCommandTest.class.getResourceAsStream("/delivery-commands.golden.json")) {
            return JSON.readTree(in);
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.propertyNames().forEach(names::add);
        return names;
    }
}
