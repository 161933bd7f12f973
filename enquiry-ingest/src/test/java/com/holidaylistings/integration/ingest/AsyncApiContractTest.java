package com.holidaylistings.integration.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.EnquiryEvents;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The AsyncAPI document says what the code does: topic, headers and the payload record. */
class AsyncApiContractTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final AsyncApiContract contract = AsyncApiContract.load();

    @Test
    void isAnAsyncApiThreeDocumentOfTheTopic() {
        assertThat(contract.version()).startsWith("3.0");
        assertThat(contract.topic()).isEqualTo(EnquiryEvents.TOPIC);
    }

    @Test
    void documentsTheHeadersThePublisherSets() {
        assertThat(contract.headerNames())
                .containsExactlyInAnyOrder(
                        EnquiryEvents.EVENT_ID_HEADER,
                        EnquiryEvents.EVENT_TYPE_HEADER,
                        EnquiryEvents.REQUEST_ID_HEADER,
                        EnquiryEvents.TRACEPARENT_HEADER);
        assertThat(contract.requiredHeaders())
                .isEqualTo(Set.of(EnquiryEvents.EVENT_ID_HEADER, EnquiryEvents.EVENT_TYPE_HEADER));
    }

    @Test
    void documentsThePayloadRecordFieldForFieldAndInOrder() {
        JsonNode example = contract.examplePayload();
        EnquiryCreated parsed = JSON.readValue(example.toString(), EnquiryCreated.class);
        JsonNode serialized = JSON.readTree(JSON.writeValueAsString(parsed));

        assertThat(serialized).isEqualTo(example);
        assertThat(fields(serialized)).containsExactlyElementsOf(contract.payloadFields());
        assertThat(contract.requiredPayloadFields()).containsExactlyInAnyOrderElementsOf(contract.payloadFields());
        assertThat(fields(serialized.get("party_details"))).containsExactlyElementsOf(contract.partyDetailsFields());
    }

    @Test
    void itsExampleSatisfiesItsSchema() {
        assertThat(com.holidaylistings.integration.testsupport.AsyncApiDocument.load()
                        .violations("EnquiryCreated", contract.examplePayload()))
                .isEmpty();
    }

    private static List<String> fields(JsonNode node) {
        return new ArrayList<>(node.propertyNames());
    }
}
