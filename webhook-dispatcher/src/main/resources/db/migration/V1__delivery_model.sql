-- webhook-dispatcher's own schema (docs/OPERATIONS.md, "Who owns which table"): the delivery model,
-- written by this service alone. These migrations run as the schema's owner role
-- (webhook_dispatcher_owner, SPRING_FLYWAY_USER) with their own history in this schema; the service
-- logs in as webhook_dispatcher, which may write these tables and nothing of any other service's.
-- api-service reads what it shows owners through the views of dispatcher_read (V2); the dispatcher
-- reads subscriptions, properties and signing secrets through api-service's api_read views. No
-- foreign key crosses to another service's schema: a subscription's rows here outlive it until
-- retention drops their day.
--
-- The tables and their indexes are those api-service's migrations V13-V22 made when one schema held
-- every service's tables; the reasons given there hold (git log of those files).

-- The webhook-id of an event delivered to a subscription: the same for every attempt, and for the
-- event fanned out twice or asked for again. WebhookIds in enquiry-events computes the same value.
create function webhook_id(event_id uuid, subscription_id uuid) returns text
    language sql immutable parallel safe
    return 'msg_' || md5(event_id::text || '/' || subscription_id::text);

-- Time partitions: at 200 enquiries a second the attempt log gains about 17 million rows a day, so
-- retention drops a whole day's partition instead of deleting rows. deliveries, delivery_attempts and
-- webhook_events are partitioned by day (UTC); DeliveryRetention makes the days ahead and drops the
-- days past WEBHOOK_ATTEMPT_RETENTION. A row outside every day's partition goes to the table's
-- default partition, which the dispatcher purges by row.
--
-- Makes the day partitions of parent from first_day to last_day that are missing. Rows of such a day
-- that fell into the default partition meanwhile are moved into the new partition, which PostgreSQL
-- would otherwise refuse to make. Each day stands alone: one that fails is reported as a warning and
-- the others are still made. Returns how many days it made. The schema owner's alone: the service
-- calls the checked create_day_partitions below.
create function create_day_partitions_of(parent regclass, first_day date, last_day date) returns integer
    language plpgsql as $$
declare
    key     text := substring(pg_get_partkeydef(parent) from '\((\w+)\)');
    day     date := first_day;
    made    integer := 0;
    name    text;
    starts  timestamptz;
    ends    timestamptz;
begin
    -- Making a partition locks its table: give way to a long query rather than queue everything behind it.
    perform set_config('lock_timeout', '2s', true);
    while day <= last_day loop
        name := parent::text || '_p' || to_char(day, 'YYYYMMDD');
        starts := day::timestamp at time zone 'UTC';
        ends := (day + 1)::timestamp at time zone 'UTC';
        if to_regclass(name) is null then
            begin
                execute format('create temporary table day_rows as with moved as (delete from %s where %I >= %L and %I < %L returning *) select * from moved',
                               parent::text || '_default', key, starts, key, ends);
                execute format('create table %I partition of %s for values from (%L) to (%L)', name, parent, starts, ends);
                execute format('insert into %s overriding system value select * from day_rows', parent);
                drop table day_rows;
                made := made + 1;
            exception when others then
                raise warning 'could not make the partition % of %: %', name, parent, sqlerrm;
            end;
        end if;
        day := day + 1;
    end loop;
    return made;
end $$;

-- Drops the day partitions of parent that end on or before before_day; returns how many.
create function drop_day_partitions_of(parent regclass, before_day date) returns integer
    language plpgsql as $$
declare
    partition text;
    dropped   integer := 0;
begin
    -- Dropping a partition locks its table: give way to a long query (tried again at the next run)
    -- rather than queue every read and write behind it.
    perform set_config('lock_timeout', '2s', true);
    for partition in
        select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = parent and c.relname ~ '_p[0-9]{8}$'
           and to_date(right(c.relname, 8), 'YYYYMMDD') < before_day
    loop
        execute format('drop table %I', partition);
        dropped := dropped + 1;
    end loop;
    return dropped;
end $$;
revoke execute on function create_day_partitions_of(regclass, date, date), drop_day_partitions_of(regclass, date) from public;

-- The payload of each event with at least one delivery, exactly as published on enquiry.created
-- (json, not jsonb, so that its text is kept), stored once however many subscriptions receive it.
create table webhook_events (
    event_id     uuid        not null,
    submitted_at timestamptz not null, -- the enquiry's sent_at: the partition key
    enquiry_id   uuid        not null,
    payload      json        not null,
    primary key (submitted_at, event_id)
) partition by range (submitted_at);

-- One row per delivery. status:
--   pending   its next attempt's record is on webhook.deliveries or a retry topic, or it is being attempted
--   waiting   it waits on this row until next_attempt_at (a Retry-After longer than the schedule, an owner
--             at its in-flight cap, a throttle, or asked for again); the row poller hands it on then
--   succeeded, abandoned (the last retry failed), gone (the receiver answered 410),
--   skipped   the subscription was paused or removed when the attempt was due
-- attempts: attempts made so far; stage: the retry schedule's stage of the next attempt (1 = first);
-- requested_at: when an owner (or an operator's replay) last asked for it. test: a test event (never
-- retried, not counted in the statistics or the hook's health). throttled_until: the start the hook's
-- throttle gave the next attempt. traceparent: the fan-out's span, continued by every later attempt.
-- Keys lead with submitted_at (the event's time), so that a day's new rows are written at the right
-- edge of each index instead of all over it.
create table deliveries (
    webhook_id      text        not null,
    submitted_at    timestamptz not null,
    event_id        uuid        not null,
    subscription_id uuid        not null,
    owner_id        uuid        not null,
    enquiry_id      uuid        not null,
    status          text        not null check (status in ('pending', 'waiting', 'succeeded', 'abandoned', 'gone', 'skipped')),
    attempts        integer     not null default 0 check (attempts >= 0),
    stage           integer     not null default 1 check (stage > 0),
    next_attempt_at timestamptz,
    requested_at    timestamptz,
    request_id      text,
    updated_at      timestamptz not null default now(),
    test            boolean     not null default false,
    throttled_until timestamptz,
    traceparent     text,
    primary key (submitted_at, webhook_id),
    check (status <> 'waiting' or next_attempt_at is not null)
) partition by range (submitted_at);
-- One delivery per subscription and enquiry, found by the enquiry's sent_at (submitted_at).
create unique index deliveries_subscription_enquiry_key on deliveries (subscription_id, submitted_at, enquiry_id);
-- The row poller's deliveries falling due on their row, owner by owner, and pending ones long overdue.
create index deliveries_waiting_idx on deliveries (owner_id, next_attempt_at) where status = 'waiting';
-- The partial indexes of pending deliveries name their key column, so that a lookup by primary key
-- with a check of the status never reads them whole instead (see docs/delivery.md).
create index deliveries_pending_idx on deliveries (next_attempt_at)
    where status = 'pending' and next_attempt_at is not null;
create index deliveries_unfinished_idx on deliveries (subscription_id)
    where status in ('pending', 'waiting') and subscription_id is not null;
-- An operator's replay of abandoned deliveries.
create index deliveries_abandoned_idx on deliveries (subscription_id) where status = 'abandoned';

-- One row per attempt, in the order they were made; the portal lists a subscription's newest first.
-- outcome: succeeded (2xx), failed (retried), abandoned (the last retry failed), gone (410).
-- request_headers: as sent (the body is the event's payload, its URL the subscription's);
-- response_headers and response_body: their first 4 KiB; response_truncated when the body had more.
create table delivery_attempts (
    id                 bigint generated always as identity,
    webhook_id         text        not null,
    subscription_id    uuid        not null,
    enquiry_id         uuid        not null,
    attempt            integer     not null check (attempt > 0),
    outcome            text        not null check (outcome in ('succeeded', 'failed', 'abandoned', 'gone')),
    http_status        integer,
    error              text,
    duration_ms        integer,
    response_body      text check (octet_length(response_body) <= 4096),
    response_truncated boolean     not null default false,
    attempted_at       timestamptz not null,
    next_attempt_at    timestamptz,
    submitted_at       timestamptz,
    test               boolean     not null default false,
    request_headers    jsonb,
    response_headers   jsonb check (octet_length(response_headers::text) <= 16384),
    primary key (id, attempted_at)
) partition by range (attempted_at);
create index delivery_attempts_subscription_recent_idx
    on delivery_attempts (subscription_id, attempted_at desc, id desc);

-- The delivery state of each subscription, kept with every batch of attempts (DeliveryTransitions
-- decides it). failing_since: set when WEBHOOK_FAILING_AFTER attempts in a row failed (hook.failing),
-- cleared by the next success (hook.recovered). first_failure_at: the first failure since the latest
-- success, for the disabling and where "Resume and recover" starts. What the dispatcher found out about
-- the hook, in its own row (api-service applies it to the subscription from webhook.operational):
-- gone_at, when a receiver answered 410 Gone; disabled_at, when the hook was turned off after
-- WEBHOOK_DISABLE_AFTER of failures only (the occurred_at of its hook.disabled). From then on the
-- dispatcher delivers nothing to the hook; a disabling is lifted by a resume later than it (the
-- subscription's resumed_at).
create table subscription_health (
    subscription_id      uuid primary key,
    consecutive_failures integer     not null default 0,
    failing_since        timestamptz,
    last_attempt_at      timestamptz,
    last_outcome         text check (last_outcome in ('succeeded', 'failed', 'abandoned', 'gone')),
    last_success_at      timestamptz,
    last_http_status     integer,
    last_error           text,
    first_failure_at     timestamptz,
    gone_at              timestamptz,
    disabled_at          timestamptz
);

-- The dispatcher's transactional outbox for webhook.operational: a row is written in the same
-- transaction as the attempt and the state change it announces, published (key: hook_id, value:
-- payload, whose event_id is id) and deleted once Kafka acknowledged it. At least once. payload: json,
-- not jsonb, to keep its field order. traceparent: the attempt that decided it.
create table operational_events (
    id          uuid primary key,
    hook_id     uuid        not null,
    type        text        not null check (type in ('hook.failing', 'hook.disabled', 'hook.recovered',
                                                     'hook.unsubscribed', 'delivery.abandoned')),
    payload     json        not null,
    created_at  timestamptz not null,
    traceparent text
);
create index operational_events_created_idx on operational_events (created_at);

-- The throttle of each throttled hook, shared by all dispatcher replicas: the earliest start that the
-- next delivery can have (each start reserved moves it on by 1/rate), and the rate it was reserved at.
create table hook_throttles (
    subscription_id uuid primary key,
    next_start_at   timestamptz not null,
    per_second      integer check (per_second between 1 and 1000)
);

-- Attempts counted per hook, day (UTC), outcome and HTTP status (0: no answer), added to with each
-- batch of the attempt log: the statistics of a hook with millions of attempts read a few rows.
create table attempt_counts (
    subscription_id uuid    not null,
    day             date    not null,
    outcome         text    not null check (outcome in ('succeeded', 'failed', 'abandoned', 'gone')),
    http_status     integer not null,
    attempts        bigint  not null check (attempts > 0),
    primary key (subscription_id, day, outcome, http_status)
);

-- The commands of delivery.commands the dispatcher has applied, by command id, written in the
-- transaction of the change each made: a command read twice (relayed again, read again after a
-- crash) changes nothing twice. Rows older than WEBHOOK_COMMANDS_APPLIED_RETENTION are pruned, well
-- past the longest a command can wait in the outbox or on the topic before it is read again.
create table applied_commands (
    command_id uuid primary key,
    applied_at timestamptz not null default now()
);
create index applied_commands_applied_at_idx on applied_commands (applied_at);

create table webhook_events_default partition of webhook_events default;
create table deliveries_default partition of deliveries default;
create table delivery_attempts_default partition of delivery_attempts default;
select create_day_partitions_of('webhook_events', (now() at time zone 'UTC')::date - 1, (now() at time zone 'UTC')::date + 7);
select create_day_partitions_of('deliveries', (now() at time zone 'UTC')::date - 1, (now() at time zone 'UTC')::date + 7);
select create_day_partitions_of('delivery_attempts', (now() at time zone 'UTC')::date - 1, (now() at time zone 'UTC')::date + 7);

-- The service's login role: the delivery model's rows, and the day partitions through the checked
-- functions below (making and dropping a partition takes its table's owner).
grant usage on schema dispatcher to webhook_dispatcher;
grant select, insert, update, delete on deliveries, webhook_events, delivery_attempts, subscription_health,
    operational_events, hook_throttles, attempt_counts to webhook_dispatcher;
grant select, insert, delete on applied_commands to webhook_dispatcher;
grant select, delete on deliveries_default, webhook_events_default, delivery_attempts_default to webhook_dispatcher;
grant usage on all sequences in schema dispatcher to webhook_dispatcher;

create function day_partitioned(parent regclass) returns regclass
    language plpgsql stable as $$
begin
    if parent not in ('deliveries'::regclass, 'delivery_attempts'::regclass, 'webhook_events'::regclass) then
        raise exception '% is not one of the tables partitioned by day', parent using errcode = '42501';
    end if;
    return parent;
end $$;

create function create_day_partitions(parent regclass, first_day date, last_day date) returns integer
    language sql security definer set search_path = dispatcher, pg_temp
    return create_day_partitions_of(day_partitioned(parent), first_day, last_day);

create function drop_day_partitions(parent regclass, before_day date) returns integer
    language sql security definer set search_path = dispatcher, pg_temp
    return drop_day_partitions_of(day_partitioned(parent), before_day);

revoke execute on function create_day_partitions(regclass, date, date), drop_day_partitions(regclass, date) from public;
grant execute on function create_day_partitions(regclass, date, date), drop_day_partitions(regclass, date) to webhook_dispatcher;
