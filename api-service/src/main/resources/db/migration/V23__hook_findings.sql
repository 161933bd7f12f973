-- Each service writes only its own rows (docs/delivery.md, "A hook unsubscribed or disabled by the
-- dispatcher"). What webhook-dispatcher finds out about a hook is written to its own row of it, and
-- reaches the subscription's row through webhook.operational, which api-service consumes; api-service
-- erases previous signing secrets itself.

-- The dispatcher's findings, in its own table: gone_at, when a receiver answered 410 Gone; disabled_at,
-- when the hook was turned off after WEBHOOK_DISABLE_AFTER of failures only (the same instant as the
-- occurred_at of its hook.disabled). From then on the dispatcher delivers nothing to the hook, without
-- waiting for api-service; a disabling is lifted by a resume later than it (resumed_at below). The
-- table's grants (V15) cover the new columns: webhook_dispatcher writes them, api_service may read them.
alter table subscription_health
    add column gone_at     timestamptz,
    add column disabled_at timestamptz;

-- resumed_at: when the owner last resumed the hook (api-service). A disabling older than it is over for
-- the dispatcher, and a hook.disabled that occurred before it (late, or replayed) pauses nothing.
alter table webhook_subscriptions add column resumed_at timestamptz;

-- The dispatcher no longer writes api-service's rows: it keeps reading them.
revoke update (unsubscribed_at, unsubscribe_reason, paused, disabled_at) on webhook_subscriptions from webhook_dispatcher;
revoke update (previous_secret) on webhook_secrets from webhook_dispatcher;
