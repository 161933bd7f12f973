package com.holidaylistings.integration.dispatcher.command;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The commands' listener.
 *
 * @param retryFirstBackoff after a command could not be applied (PostgreSQL away), the wait before it
 *     is tried again (500ms), doubling each time; it is tried for as long as the failure lasts, and
 *     its offset is not committed meanwhile
 * @param retryMaxBackoff the longest such wait (30s)
 * @param appliedRetention how long the id of an applied command is remembered (8 days,
 *     {@code WEBHOOK_COMMANDS_APPLIED_RETENTION}): longer than {@code delivery.commands} keeps a
 *     command (7 days), so that no copy of it can be read once it is forgotten
 */
@Validated
@ConfigurationProperties("webhook.commands")
record CommandProperties(
        @DefaultValue("500ms") Duration retryFirstBackoff,
        @DefaultValue("30s") Duration retryMaxBackoff,
        @DefaultValue("8d") Duration appliedRetention) {}
