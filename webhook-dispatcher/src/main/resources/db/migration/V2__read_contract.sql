-- The dispatcher's read contract for api-service (docs/OPERATIONS.md, "Who owns which table"): what
-- owners see of their deliveries (the delivery log, an attempt's request and answer, the statistics,
-- a hook's status), as views in the schema dispatcher_read, named as the tables they show. api-service
-- logs in with search_path "public, dispatcher_read" and may read these views only: it cannot read
-- or write the tables behind them, and asks for changes through delivery.commands. A change to a
-- table here keeps these views' columns, or changes api-service in the same release.
create view dispatcher_read.deliveries as
select webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id, status, attempts, stage,
       next_attempt_at, requested_at, request_id, updated_at, test, throttled_until
  from dispatcher.deliveries;

create view dispatcher_read.webhook_events as
select event_id, submitted_at, enquiry_id, payload
  from dispatcher.webhook_events;

create view dispatcher_read.delivery_attempts as
select id, webhook_id, subscription_id, enquiry_id, attempt, outcome, http_status, error, duration_ms,
       response_body, response_truncated, attempted_at, next_attempt_at, submitted_at, test, request_headers,
       response_headers
  from dispatcher.delivery_attempts;

create view dispatcher_read.subscription_health as
select subscription_id, consecutive_failures, failing_since, last_attempt_at, last_outcome, last_success_at,
       last_http_status, last_error, first_failure_at, gone_at, disabled_at
  from dispatcher.subscription_health;

create view dispatcher_read.attempt_counts as
select subscription_id, day, outcome, http_status, attempts
  from dispatcher.attempt_counts;

grant usage on schema dispatcher_read to api_service;
grant select on all tables in schema dispatcher_read to api_service;
