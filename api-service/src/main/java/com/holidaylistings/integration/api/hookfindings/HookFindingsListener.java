package com.holidaylistings.integration.api.hookfindings;

import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads {@code webhook.operational} in api-service's own consumer group and applies each finding
 * that concerns a subscription's row ({@link HookFindings}); every other type is passed over. A
 * malformed record is logged and skipped: it must never hold up the findings behind it. A database
 * that fails is another matter: the record is tried again ({@link HookFindingsConfig}), since skipping
 * it would lose the finding. Kafka being away only holds this consumer up: no request and no health
 * check of the service depends on it.
 */
@Component
class HookFindingsListener {

    /** The topic the dispatcher publishes its findings on (docs/asyncapi.json, channel webhookOperational). */
    static final String TOPIC = "webhook.operational";

    private static final Logger log = LoggerFactory.getLogger(HookFindingsListener.class);

    private final HookFindings findings;
    private final JsonMapper json;

    HookFindingsListener(HookFindings findings, JsonMapper json) {
        this.findings = findings;
        this.json = json;
    }

    @KafkaListener(id = "hook-findings", idIsGroup = false, topics = TOPIC)
    void onRecord(ConsumerRecord<String, String> record) {
        Optional<HookFinding> finding;
        try {
            finding = HookFinding.read(json, record.value());
        } catch (HookFinding.Malformed e) {
            log.warn(
                    "Skipped a malformed record of {} (partition {}, offset {}, key {}): {}",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    record.key(),
                    e.getMessage());
            return;
        }
        finding.ifPresent(found -> {
            if (findings.apply(found)) {
                log.info(
                        "Hook {} of owner {}: {} by webhook-dispatcher at {}",
                        found.hookId(),
                        found.ownerId(),
                        found instanceof HookFinding.Disabled ? "disabled" : "unsubscribed (410 Gone)",
                        found.occurredAt());
            }
        });
    }
}
