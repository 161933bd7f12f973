package com.holidaylistings.integration.dispatcher.operational;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Publishing operational events. (When a hook counts as failing is {@code WEBHOOK_FAILING_AFTER},
 * a delivery setting.)
 *
 * @param pollInterval {@code WEBHOOK_OPERATIONAL_POLL_INTERVAL}: how often each replica publishes
 *     the operational events decided since (1s)
 */
@Validated
@ConfigurationProperties("webhook.operational")
public record OperationalProperties(@DefaultValue("1s") Duration pollInterval) {}
