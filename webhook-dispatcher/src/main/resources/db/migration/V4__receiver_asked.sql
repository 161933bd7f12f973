-- Why the dispatcher disabled a hook: 'failing' (every attempt failed for WEBHOOK_DISABLE_AFTER) or
-- 'receiver_asked' (its receiver answered with the header webhook-delivery: disable). Null while it is
-- not disabled; api-service shows it in the hook's status_reason, through dispatcher_read.
alter table subscription_health
    add column disabled_reason text check (disabled_reason in ('failing', 'receiver_asked'));

create or replace view dispatcher_read.subscription_health as
select subscription_id, consecutive_failures, failing_since, last_attempt_at, last_outcome, last_success_at,
       last_http_status, last_error, first_failure_at, gone_at, disabled_at, disabled_reason
  from dispatcher.subscription_health;
