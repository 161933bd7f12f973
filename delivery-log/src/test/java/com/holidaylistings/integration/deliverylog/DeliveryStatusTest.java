package com.holidaylistings.integration.deliverylog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class DeliveryStatusTest {

    @Test
    void onlyPendingAndWaitingDeliveriesAreInProgress() {
        assertThat(Arrays.stream(DeliveryStatus.values()).filter(DeliveryStatus::inProgress))
                .containsExactly(DeliveryStatus.PENDING, DeliveryStatus.WAITING);
        assertThat(DeliveryStatus.of("waiting")).isEqualTo(DeliveryStatus.WAITING);
    }
}
