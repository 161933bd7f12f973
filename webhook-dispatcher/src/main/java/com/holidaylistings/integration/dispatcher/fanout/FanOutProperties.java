package com.holidaylistings.integration.dispatcher.fanout;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The fan-out.
 *
 * @param retryFirstBackoff after a batch of events could not be fanned out (PostgreSQL or Kafka
 *     away), the wait before it is tried again (500ms), doubling each time
 * @param retryMaxBackoff the longest such wait (30s); the batch is tried for as long as the failure
 *     lasts, since an event must never be passed over
 */
@Validated
@ConfigurationProperties("webhook.fan-out")
record FanOutProperties(
        @DefaultValue("500ms") Duration retryFirstBackoff,
        @DefaultValue("30s") Duration retryMaxBackoff) {}
