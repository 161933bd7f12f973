/**
 * What webhook-dispatcher found out about a hook, applied to api-service's own subscription rows:
 * the dispatcher announces on {@code webhook.operational} that a receiver's 410 Gone unsubscribed a
 * hook ({@code hook.unsubscribed}) or that days of failure disabled it ({@code hook.disabled}), and
 * api-service, the only writer of {@code webhook_subscriptions}, consumes those records in its own
 * group and changes its row, idempotently. The dispatcher never waits for this: it keeps the same
 * findings in its own table and stops delivering at once (docs/delivery.md).
 */
package com.holidaylistings.integration.api.hookfindings;
