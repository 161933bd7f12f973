package com.holidaylistings.integration.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.events.EnquiryEvents;
import com.holidaylistings.integration.events.command.DeliveryCommand;
import com.holidaylistings.integration.testsupport.AsyncApiDocument;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code delivery.commands} channel of the AsyncAPI document says what the relay publishes and
 * the dispatcher reads: the topic, the headers the relay sets, one message per {@link DeliveryCommand}
 * type, and each message's example read as its record and written back field for field, in order.
 */
class DeliveryCommandsContractTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final AsyncApiDocument DOCUMENT = AsyncApiDocument.load();

    @Test
    void documentsTheTopicAndTheHeadersTheRelaySets() {
        assertThat(DOCUMENT.address("deliveryCommands")).isEqualTo(DeliveryCommand.TOPIC);
        assertThat(DOCUMENT.schema("DeliveryCommandHeaders").get("properties").propertyNames())
                .containsExactlyInAnyOrder(
                        EnquiryEvents.EVENT_ID_HEADER,
                        EnquiryEvents.EVENT_TYPE_HEADER,
                        EnquiryEvents.REQUEST_ID_HEADER,
                        EnquiryEvents.TRACEPARENT_HEADER);
        assertThat(DOCUMENT.schema("DeliveryCommandHeaders")
                        .get("properties")
                        .get(EnquiryEvents.EVENT_TYPE_HEADER)
                        .get("enum")
                        .valueStream()
                        .map(JsonNode::asString)
                        .toList())
                .containsExactlyInAnyOrderElementsOf(DeliveryCommand.TYPES);
    }

    @Test
    void documentsEveryCommandTypeWithAnExampleOfItsRecord() {
        List<String> documented = new ArrayList<>();
        for (JsonNode reference :
                DOCUMENT.root().get("channels").get("deliveryCommands").get("messages")) {
            JsonNode message = DOCUMENT.message(reference.get("$ref").asString().replace("#/components/messages/", ""));
            String type = message.get("name").asString();
            documented.add(type);
            JsonNode example = message.get("examples").get(0);
            JsonNode payload = example.get("payload");
            DeliveryCommand command = JSON.readValue(payload.toString(), DeliveryCommand.class);
            JsonNode written = JSON.readTree(JSON.writeValueAsString(command));
            String schema = message.get("payload").get("$ref").asString().replace("#/components/schemas/", "");

            assertThat(command.type()).isEqualTo(type);
            assertThat(written).as(type).isEqualTo(payload);
            assertThat(new ArrayList<>(written.propertyNames()))
                    .as(type)
                    .containsExactlyElementsOf(
                            DOCUMENT.schema(schema).get("properties").propertyNames());
            assertThat(DOCUMENT.violations(schema, payload)).as(type).isEmpty();
            assertThat(DOCUMENT.violations("DeliveryCommandHeaders", example.get("headers")))
                    .as(type)
                    .isEmpty();
            assertThat(example.get("headers").get(EnquiryEvents.EVENT_ID_HEADER).asString())
                    .isEqualTo(command.commandId().toString());
        }
        assertThat(documented).containsExactlyInAnyOrderElementsOf(DeliveryCommand.TYPES);
    }

    @Test
    void documentsTheRatesAThrottleMayChangeTo() {
        JsonNode example = DOCUMENT.message("DeliveryThrottleChanged")
                .get("examples")
                .get(0)
                .get("payload");
        ObjectNode lifted = (ObjectNode) example.deepCopy();
        lifted.putNull("per_second");
        ObjectNode tooFast = (ObjectNode) example.deepCopy();
        tooFast.put("per_second", 1001);
        ObjectNode none = (ObjectNode) example.deepCopy();
        none.put("per_second", 0);

        assertThat(DOCUMENT.violations("ThrottleChangedCommand", lifted)).isEmpty();
        assertThat(DOCUMENT.violations("ThrottleChangedCommand", tooFast)).isNotEmpty();
        assertThat(DOCUMENT.violations("ThrottleChangedCommand", none)).isNotEmpty();
    }
}
