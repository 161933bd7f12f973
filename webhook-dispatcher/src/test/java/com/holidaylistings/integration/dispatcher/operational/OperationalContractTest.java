package com.holidaylistings.integration.dispatcher.operational;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.testsupport.AsyncApiDocument;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** docs/asyncapi.json documents webhook.operational as the code names it; real records are checked in OperationalEventsIT. */
class OperationalContractTest {

    private static final AsyncApiDocument CONTRACT = AsyncApiDocument.load();

    @Test
    void documentsTheTopicWithOneMessagePerType() {
        assertThat(CONTRACT.address("webhookOperational")).isEqualTo(OperationalTopic.NAME);
        JsonNode channelMessages =
                CONTRACT.root().get("channels").get("webhookOperational").get("messages");
        List<String> documented = channelMessages
                .valueStream()
                .map(ref -> ref.get("$ref").asString().substring("#/components/messages/".length()))
                .map(name -> CONTRACT.message(name).get("name").asString())
                .toList();
        assertThat(documented)
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(OperationalEventType.values())
                        .map(OperationalEventType::value)
                        .toList());
        assertThat(CONTRACT.schema("OperationalEventHeaders").get("properties").propertyNames())
                .containsExactlyInAnyOrder(
                        OperationalTopic.EVENT_ID_HEADER,
                        OperationalTopic.EVENT_TYPE_HEADER,
                        OperationalTopic.TRACEPARENT_HEADER);
    }

    @ParameterizedTest
    @EnumSource(OperationalEventType.class)
    void eachExampleSatisfiesItsSchemaAndABrokenOneDoesNot(OperationalEventType type) {
        JsonNode message = message(type);
        String schema = message.get("payload").get("$ref").asString().substring("#/components/schemas/".length());
        JsonNode example = message.get("examples").get(0).get("payload");

        assertThat(CONTRACT.violations(schema, example)).isEmpty();
        assertThat(CONTRACT.violations(
                        "OperationalEventHeaders",
                        message.get("examples").get(0).get("headers")))
                .isEmpty();
        assertThat(List.copyOf(example.propertyNames()))
                .containsExactlyElementsOf(
                        CONTRACT.schema(schema).get("properties").propertyNames());
        assertThat(example.get("type").asString()).isEqualTo(type.value());

        ObjectNode broken = (ObjectNode) example.deepCopy();
        broken.put("type", "hook.other");
        broken.put("hook_id", "not-a-uuid");
        broken.remove("owner_id");
        assertThat(CONTRACT.violations(schema, broken)).hasSize(3);
    }

    private static JsonNode message(OperationalEventType type) {
        JsonNode messages = CONTRACT.root().get("components").get("messages");
        return messages.propertyNames().stream()
                .map(messages::get)
                .filter(message -> message.get("name").asString().equals(type.value()))
                .findFirst()
                .orElseThrow();
    }
}
