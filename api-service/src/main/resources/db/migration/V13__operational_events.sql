-- Operational events (topic webhook.operational): what the owner should be told about a hook,
-- decided by webhook-dispatcher in the attempt log's transaction and published by its poller.
--
-- failing_since: set when the hook's latest WEBHOOK_FAILING_AFTER attempts all failed (hook.failing),
-- cleared by its next successful delivery (hook.recovered). Both are conditional updates of this
-- column, so each transition happens, and is announced, once. While it is set the portal shows the
-- hook Failed (unless it is paused or unsubscribed: Inactive).
alter table webhook_subscriptions add column failing_since timestamptz;

-- The dispatcher's transactional outbox for webhook.operational: a row is written in the same
-- transaction as the attempt and the state change it announces, published to Kafka (key: hook_id,
-- value: payload, whose event_id is id) and deleted once Kafka acknowledged it. At least once: a row
-- published but not yet deleted when a dispatcher dies is published again, with the same event_id.
-- payload: the record value exactly as published; json, not jsonb, to keep its field order.
create table operational_events (
    id         uuid primary key,
    hook_id    uuid        not null,
    type       text        not null check (type in ('hook.failing', 'hook.recovered', 'hook.unsubscribed',
                                                    'delivery.abandoned')),
    payload    json        not null,
    created_at timestamptz not null
);
-- The poller takes the oldest first.
create index operational_events_created_idx on operational_events (created_at);
