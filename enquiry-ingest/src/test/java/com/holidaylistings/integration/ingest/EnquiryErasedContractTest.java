package com.holidaylistings.integration.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.holidaylistings.integration.events.EnquiryCreated;
import com.holidaylistings.integration.events.EnquiryErased;
import com.holidaylistings.integration.events.EnquiryEvents;
import com.holidaylistings.integration.testsupport.AsyncApiDocument;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code enquiry.erased} channel of the AsyncAPI document says what the relay publishes: the topic,
 * the headers the relay sets, and the example read as {@link EnquiryErased} and written back field for
 * field, in order; an erased {@code enquiry.created} still satisfies that topic's schema.
 */
class EnquiryErasedContractTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final AsyncApiDocument DOCUMENT = AsyncApiDocument.load();

    @Test
    void documentsTheTopicAndTheHeadersTheRelaySets() {
        assertThat(DOCUMENT.address("enquiryErased")).isEqualTo(EnquiryErased.TOPIC);
        assertThat(DOCUMENT.schema("EnquiryErasedHeaders").get("properties").propertyNames())
                .containsExactlyInAnyOrder(
                        EnquiryEvents.EVENT_ID_HEADER,
                        EnquiryEvents.EVENT_TYPE_HEADER,
                        EnquiryEvents.REQUEST_ID_HEADER,
                        EnquiryEvents.TRACEPARENT_HEADER);
    }

    @Test
    void documentsTheEventWithAnExampleOfItsRecord() {
        JsonNode example = DOCUMENT.message("EnquiryErased").get("examples").get(0);
        JsonNode payload = example.get("payload");
        JsonNode written =
                JSON.readTree(JSON.writeValueAsString(JSON.readValue(payload.toString(), EnquiryErased.class)));

        assertThat(written).isEqualTo(payload);
        assertThat(new ArrayList<>(written.propertyNames()))
                .containsExactlyElementsOf(
                        DOCUMENT.schema("EnquiryErased").get("properties").propertyNames());
        assertThat(DOCUMENT.violations("EnquiryErased", payload)).isEmpty();
        assertThat(DOCUMENT.violations("EnquiryErasedHeaders", example.get("headers")))
                .isEmpty();
    }

    @Test
    void anErasedEnquiryCreatedStillSatisfiesItsSchema() {
        JsonNode example =
                DOCUMENT.message("EnquiryCreated").get("examples").get(0).get("payload");
        EnquiryCreated erased =
                JSON.readValue(example.toString(), EnquiryCreated.class).erased();

        assertThat(DOCUMENT.violations("EnquiryCreated", JSON.readTree(JSON.writeValueAsString(erased))))
                .isEmpty();
    }
}
