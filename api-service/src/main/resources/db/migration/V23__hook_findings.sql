-- Each service writes only its own rows (docs/delivery.md, "A hook unsubscribed or disabled by the
-- dispatcher"). What webhook-dispatcher finds out about a hook is written to its own row of it, and
-- reaches the subscription's row through webhook.operational, which api-service consumes; api-service
-- erases previous signing secrets itself.

-- The dispatcher's findings are kept in its own schema (subscription_health.gone_at and disabled_at,
-- webhook-dispatcher's migration V1).

-- resumed_at: when the owner last resumed the hook (api-service). A disabling older than it is over for
-- the dispatcher, and a hook.disabled that occurred before it (late, or replayed) pauses nothing.
alter table webhook_subscriptions add column resumed_at timestamptz;

-- The dispatcher no longer writes api-service's rows: it keeps reading them.
revoke update (unsubscribed_at, unsubscribe_reason, paused, disabled_at) on webhook_subscriptions from webhook_dispatcher;
revoke update (previous_secret) on webhook_secrets from webhook_dispatcher;
