-- A delivery has one home (docs/delivery.md). A delivery is one event to one subscription, named by
-- its webhook-id; webhook-dispatcher keeps one row per delivery (deliveries), the event's payload
-- once per event (webhook_events) and one row per attempt (delivery_attempts), and the delivery
-- state of each subscription (subscription_health). Records on webhook.deliveries and its retry
-- topics carry only ids. Nothing of this has been released, so the tables it replaces are dropped
-- with their rows: failed_deliveries (a copy of each failed delivery), delivery_requests (a copy per
-- request to deliver again) and the attempt log of V3/V7.
drop table failed_deliveries;
drop table delivery_requests;
drop table delivery_attempts;

-- The webhook-id of an event delivered to a subscription: the same for every attempt, and for the
-- event fanned out twice or asked for again. WebhookIds in enquiry-events computes the same value.
create function webhook_id(event_id uuid, subscription_id uuid) returns text
    language sql immutable parallel safe
    return 'msg_' || md5(event_id::text || '/' || subscription_id::text);

-- Time partitions: at 200 enquiries a second the attempt log gains about 17 million rows a day, so
-- retention drops a whole day's partition instead of deleting rows. Every table below is
-- partitioned by day (UTC) on a timestamp; webhook-dispatcher creates the days ahead and drops the
-- days past WEBHOOK_ATTEMPT_RETENTION (DeliveryRetention). A row outside every day's partition
-- (an event older than the partitions made at install, asked for again) goes to the table's
-- default partition, which the dispatcher purges by row.
-- Makes the day partitions of parent from first_day to last_day that are missing. Rows of such a day
-- that fell into the default partition meanwhile (no dispatcher made the day in time) are moved into
-- the new partition, which PostgreSQL would otherwise refuse to make. Each day stands alone: one that
-- fails is reported as a warning and the others are still made. Returns how many days it made.
create function create_day_partitions(parent regclass, first_day date, last_day date) returns integer
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
create function drop_day_partitions(parent regclass, before_day date) returns integer
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

-- The payload of each event with at least one delivery, exactly as published on enquiry.created
-- (json, not jsonb, so that its text is kept), stored once however many subscriptions receive it.
create table webhook_events (
    event_id     uuid        not null,
    submitted_at timestamptz not null, -- the enquiry's sent_at: the partition key
    enquiry_id   uuid        not null,
    payload      json        not null,
    primary key (event_id, submitted_at)
) partition by range (submitted_at);

-- One row per delivery. status:
--   pending   its next attempt's record is on webhook.deliveries or a retry topic, or it is being attempted
--   waiting   it waits on this row until next_attempt_at (a Retry-After longer than the schedule, an owner
--             at its in-flight cap, or asked for again); the dispatcher puts it back on webhook.deliveries then
--   succeeded, abandoned (the last retry failed), gone (the receiver answered 410),
--   skipped   the subscription was paused or removed when the attempt was due
-- attempts: attempts made so far; stage: the retry schedule's stage of the next attempt (1 = first);
-- requested_at: when an owner (or an operator's replay) last asked for it.
create table deliveries (
    webhook_id      text        not null,
    submitted_at    timestamptz not null,
    event_id        uuid        not null,
    subscription_id uuid        not null references webhook_subscriptions (id) on delete cascade,
    owner_id        uuid        not null,
    enquiry_id      uuid        not null,
    status          text        not null check (status in ('pending', 'waiting', 'succeeded', 'abandoned', 'gone', 'skipped')),
    attempts        integer     not null default 0 check (attempts >= 0),
    stage           integer     not null default 1 check (stage > 0),
    next_attempt_at timestamptz,
    requested_at    timestamptz,
    request_id      text,
    updated_at      timestamptz not null default now(),
    primary key (webhook_id, submitted_at),
    check (status <> 'waiting' or next_attempt_at is not null)
) partition by range (submitted_at);
-- One delivery per subscription and enquiry; redeliver and recover find it here, in the partition of
-- the enquiry's sent_at: submitted_at is always the enquiry's sent_at as PostgreSQL keeps it (to the
-- microsecond), whoever writes the row (the dispatcher's fan-out, api-service's recover).
create unique index deliveries_subscription_enquiry_key on deliveries (subscription_id, enquiry_id, submitted_at);
-- The dispatcher's poll of deliveries falling due on their row, owner by owner (a skip over the
-- owners with waiting rows, then each one's oldest due), and of pending ones long overdue (their
-- record was lost): small ranges almost always.
create index deliveries_waiting_idx on deliveries (owner_id, next_attempt_at) where status = 'waiting';
create index deliveries_pending_idx on deliveries (next_attempt_at) where status = 'pending';
-- An operator's replay of abandoned deliveries.
create index deliveries_abandoned_idx on deliveries (subscription_id) where status = 'abandoned';

-- One row per attempt, in the order they were made; the portal lists a subscription's newest first.
-- outcome: succeeded (2xx), failed (retried), abandoned (the last retry failed), gone (410).
-- response_body: the first 4 KiB of the receiver's answer as text; response_truncated when it had more.
create table delivery_attempts (
    id                 bigint generated always as identity,
    webhook_id         text        not null,
    subscription_id    uuid        not null references webhook_subscriptions (id) on delete cascade,
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
    primary key (id, attempted_at)
) partition by range (attempted_at);
create index delivery_attempts_subscription_recent_idx
    on delivery_attempts (subscription_id, attempted_at desc, id desc);

-- The delivery state of each subscription, kept by the dispatcher with every batch of attempts
-- (DeliveryTransitions decides it): the portal's status and the operational events read it here
-- instead of counting attempts. failing_since: set when WEBHOOK_FAILING_AFTER attempts in a row
-- failed (hook.failing), cleared by the next success (hook.recovered).
create table subscription_health (
    subscription_id      uuid primary key references webhook_subscriptions (id) on delete cascade,
    consecutive_failures integer     not null default 0,
    failing_since        timestamptz,
    last_attempt_at      timestamptz,
    last_outcome         text check (last_outcome in ('succeeded', 'failed', 'abandoned', 'gone')),
    last_success_at      timestamptz,
    last_http_status     integer,
    last_error           text
);
alter table webhook_subscriptions drop column failing_since;

create table webhook_events_default partition of webhook_events default;
create table deliveries_default partition of deliveries default;
create table delivery_attempts_default partition of delivery_attempts default;
select create_day_partitions('webhook_events', (now() at time zone 'UTC')::date - 1, (now() at time zone 'UTC')::date + 7);
select create_day_partitions('deliveries', (now() at time zone 'UTC')::date - 1, (now() at time zone 'UTC')::date + 7);
select create_day_partitions('delivery_attempts', (now() at time zone 'UTC')::date - 1, (now() at time zone 'UTC')::date + 7);
