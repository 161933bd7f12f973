package com.holidaylistings.integration.api.quota;

/**
 * The owners' requests that cost more than their answer, each with a quota per owner: a test event
 * sends a signed POST to a URL the owner chose, a redelivery or a recovery queues deliveries, a
 * replay asks for dead letters again. {@code key} names its counter in {@code owner_quota_counters};
 * {@code words} is how the refusal names it.
 */
public enum OwnerQuota {
    TEST_EVENTS("test_events", "test events"),
    REDELIVERIES("redeliveries", "redeliveries"),
    RECOVERIES("recoveries", "recoveries"),
    REPLAYS("replays", "dead-letter replays");

    private final String key;
    private final String words;

    OwnerQuota(String key, String words) {
        this.key = key;
        this.words = words;
    }

    String key() {
        return key;
    }

    String words() {
        return words;
    }
}
