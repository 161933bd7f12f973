-- What owners can see and do when a hook misbehaves (docs/delivery.md, docs/internal-api.md): each
-- attempt's exact request and answer, test events, statistics per day, a throttle per hook, and the
-- hook that turns itself off after days of nothing but failures.

-- throttle_per_second: deliveries to the hook start at most this often, across all dispatcher
-- replicas (null: no throttle; api-service sets it). disabled_at: when webhook-dispatcher paused the
-- hook after WEBHOOK_DISABLE_AFTER of failures only; resuming clears it.
alter table webhook_subscriptions
    add column throttle_per_second integer check (throttle_per_second between 1 and 1000),
    add column disabled_at         timestamptz,
    add check (disabled_at is null or paused);
grant update (paused, disabled_at) on webhook_subscriptions to webhook_dispatcher;

-- first_failure_at: the first failure since the hook's latest success (null while its latest attempt
-- succeeded): how long it has failed without a break, for the disabling, and where "Resume and
-- recover" starts.
alter table subscription_health add column first_failure_at timestamptz;

-- test: a test event sent from the portal (never retried, not counted in the statistics or the
-- hook's health). throttled_until: the start the hook's throttle gave the delivery's next attempt;
-- it waits on its row until then, and starts then without asking the throttle again.
alter table deliveries
    add column test            boolean not null default false,
    add column throttled_until timestamptz;

-- The request as sent and the answer: the request's headers (its body is the event's payload,
-- found through the delivery, keyed by webhook_id and submitted_at; its URL the subscription's,
-- which never changes), the response's headers (the dispatcher keeps their first 4 KiB) beside its body's first 4 KiB.
alter table delivery_attempts
    add column submitted_at     timestamptz,
    add column test             boolean not null default false,
    add column request_headers  jsonb,
    add column response_headers jsonb check (octet_length(response_headers::text) <= 16384);
-- An attempt is found by its id through the primary key (id, attempted_at): one probe per day.

-- The throttle of each throttled hook, shared by all dispatcher replicas: the earliest start that the
-- next delivery can have (a virtual scheduling time: each start reserved moves it on by 1/rate).
create table hook_throttles (
    subscription_id uuid primary key references webhook_subscriptions (id) on delete cascade,
    next_start_at   timestamptz not null
);

-- Attempts counted per hook, day (UTC), outcome and HTTP status (0: no answer), added to with each
-- batch of the attempt log: the statistics of a hook with millions of attempts read a few rows.
-- Test events are not counted. Days past WEBHOOK_ATTEMPT_RETENTION are deleted with the attempts.
create table attempt_counts (
    subscription_id uuid    not null references webhook_subscriptions (id) on delete cascade,
    day             date    not null,
    outcome         text    not null check (outcome in ('succeeded', 'failed', 'abandoned', 'gone')),
    http_status     integer not null,
    attempts        bigint  not null check (attempts > 0),
    primary key (subscription_id, day, outcome, http_status)
);

-- The deliveries of a hook still to be attempted, for its statistics.
create index deliveries_unfinished_idx on deliveries (subscription_id) where status in ('pending', 'waiting');

grant select, insert, update, delete on hook_throttles, attempt_counts to webhook_dispatcher;
grant select on attempt_counts to api_service;

-- hook.disabled joins the operational events.
alter table operational_events drop constraint operational_events_type_check,
    add constraint operational_events_type_check
        check (type in ('hook.failing', 'hook.disabled', 'hook.recovered', 'hook.unsubscribed', 'delivery.abandoned'));
