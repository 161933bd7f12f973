/**
 * Operational events on {@code webhook.operational}: what the owner should be told about a hook
 * (failing, recovered, unsubscribed by a 410, a delivery abandoned). Decided with the attempt that
 * causes them, in the attempt log's transaction ({@link OperationalOutbox}); published from that
 * outbox table by {@link OperationalPoller}, at least once. {@code transition} decides them and
 * {@code log} writes them, so this package uses nothing of either: its topic is created with the
 * delivery topics, by {@code intake.DeliveryTopicsConfig}.
 */
package com.holidaylistings.integration.dispatcher.operational;
