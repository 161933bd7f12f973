package com.holidaylistings.integration.events.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WebhookIdsTest {

    @Test
    void webhookIdsAreTheSameForOneEventToOneSubscriptionAndDifferOtherwise() {
        UUID event = UUID.fromString("0193a5a0-0000-7000-8000-000000000001");
        SubscriptionId subscription = SubscriptionId.of(UUID.fromString("0193a5a0-0000-7000-8000-000000000002"));
        // md5("0193a5a0-0000-7000-8000-000000000001/0193a5a0-0000-7000-8000-000000000002"), as webhook_id() in V14
        // computes it
        assertThat(WebhookIds.of(event, subscription))
                .isEqualTo("msg_" + md5Hex(event + "/" + subscription))
                .isEqualTo(WebhookIds.of(event, subscription))
                .isNotEqualTo(WebhookIds.of(event, SubscriptionId.of(event)))
                .hasSize(36);
    }

    private static String md5Hex(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
