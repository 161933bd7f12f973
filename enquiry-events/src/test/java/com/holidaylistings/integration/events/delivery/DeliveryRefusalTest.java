package com.holidaylistings.integration.events.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DeliveryRefusalTest {

    @ParameterizedTest(name = "paused={0} unsubscribed={1} -> {2}")
    @CsvSource(nullValues = "none", value = {
        "false, none,    none",
        "true,  none,    PAUSED",
        "false, deleted, UNSUBSCRIBED",
        "true,  deleted, UNSUBSCRIBED",
        "false, gone,    GONE",
        "true,  gone,    GONE"
    })
    void refusesInOrderOfPrecedence(boolean paused, String unsubscribeReason, String expected) {
        assertThat(DeliveryRefusal.of(paused, unsubscribeReason).map(Enum::name).orElse(null))
                .isEqualTo(expected);
    }

    @Test
    void webhookIdsAreTheSameForOneEventToOneSubscriptionAndDifferOtherwise() {
        java.util.UUID event = java.util.UUID.fromString("0193a5a0-0000-7000-8000-000000000001");
        SubscriptionId subscription = SubscriptionId.of(java.util.UUID.fromString("0193a5a0-0000-7000-8000-000000000002"));
        // md5("0193a5a0-0000-7000-8000-000000000001/0193a5a0-0000-7000-8000-000000000002"), as webhook_id() in V14 computes it
        assertThat(WebhookIds.of(event, subscription)).isEqualTo("msg_" + md5Hex(event + "/" + subscription))
                .isEqualTo(WebhookIds.of(event, subscription))
                .isNotEqualTo(WebhookIds.of(event, SubscriptionId.of(event)))
                .hasSize(36);
    }

    @Test
    void onlyPendingAndWaitingDeliveriesAreInProgress() {
        assertThat(java.util.Arrays.stream(DeliveryStatus.values()).filter(DeliveryStatus::inProgress))
                .containsExactly(DeliveryStatus.PENDING, DeliveryStatus.WAITING);
        assertThat(DeliveryStatus.of("waiting")).isEqualTo(DeliveryStatus.WAITING);
    }

    private static String md5Hex(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("MD5")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void outcomesAreStoredInLowerCaseWhateverTheLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("tr-TR"));
            assertThat(DeliveryOutcome.FAILED.value()).isEqualTo("failed");
            assertThat(DeliveryOutcome.of("failed")).isEqualTo(DeliveryOutcome.FAILED);
        } finally {
            Locale.setDefault(before);
        }
    }
}
