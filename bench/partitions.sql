-- One day of the delivery tables (V14) at 200 enquiries a second, generated in SQL; run by
-- bench/partitions.sh (see docs/benchmarks/partitions.md), which passes
--   -v day=YYYY-MM-DD   the day (UTC) whose partitions are filled
--   -v events=N         events (enquiries with at least one delivery) that day; 9,600,000 gives
--                       15.0 million deliveries and 17.4 million attempts
--   -v part=setup|webhook_events|deliveries|delivery_attempts|finish
--                       the part to run: setup first, then the three tables (at once, in three
--                       sessions, each attaching its table), then finish (subscription_health)
-- Everything is a function of the row number (hashint8), so a run gives the same rows every time.
--
-- Shape: 2,000 owners, 3,000 subscriptions (owners 1-1,000 have two, 1,001-2,000 one), no property
-- filter. Event i belongs to owner 2,000 when i % 10 = 0 (its one hook, subscription 2,000, gets a
-- tenth of the events: about a million attempts), else to owner 1 + floor(1,999 u^1.5) (skewed to
-- the low owners), and is delivered to each of its owner's subscriptions. Kinds of delivery:
--   big hook, from 18:00: its receiver fails (503, one attempt each); the newest 100,000 wait on their
--                        rows, due (the row poller's case), the older ones are pending, retry later
--   subscription % 25 = 3 (120 hooks, "failing"): 3 attempts, 500, 500, then abandoned
--   1 in 12 of the others: 503 then 200 one minute later (2 attempts)
--   the rest: 200 at the first attempt
--   and, over all owners, about 420 more deliveries waiting and due, 1,500 waiting and due
--   tomorrow, 60 pending with their record lost (overdue).
-- The day's three partitions are filled as plain tables, then attached: ATTACH builds each index the
-- parent declares (V14 as it is in the working tree), checks every row's partition key and the
-- foreign key to webhook_subscriptions. The rows and indexes are the same as if they had been
-- inserted through the parent, the indexes freshly built (not grown by inserts: somewhat smaller).
\set ON_ERROR_STOP on
\timing on
set timezone = 'UTC';
set work_mem = '512MB';
set max_parallel_workers_per_gather = 0;

select (date :'day')::timestamptz as day_start \gset
select to_char(date :'day', 'YYYYMMDD') as dd \gset
select 'webhook_events_p' || :'dd' as events_table, 'deliveries_p' || :'dd' as deliveries_table,
       'delivery_attempts_p' || :'dd' as attempts_table \gset
select :'part' = 'setup' as setup, :'part' = 'webhook_events' as events_part, :'part' = 'deliveries' as deliveries_part,
       :'part' = 'delivery_attempts' as attempts_part, :'part' = 'finish' as finish \gset

\if :setup
-- The day's empty partitions (made by V14) give way to plain tables of the same names, filled and
-- attached by the three parts.
drop table :"events_table", :"deliveries_table", :"attempts_table";

create schema if not exists bench;
create or replace function bench.u(i bigint, salt integer) returns double precision
    language sql immutable parallel safe
    return (hashint8(i * 1000003 + salt)::bigint + 2147483648) / 4294967296.0;
create or replace function bench.owner_of(i bigint) returns integer
    language sql immutable parallel safe
    return case when i % 10 = 0 then 2000 else least(1999, 1 + floor(1999 * bench.u(i, 1) ^ 1.5))::integer end;

-- Owners, their secrets, subscriptions and their health.
\echo === owners, secrets, subscriptions
insert into owners (id, email, created_at)
select md5('owner' || o)::uuid, 'owner' || o || '@example.com', :'day_start'::timestamptz - interval '90 days'
  from generate_series(1, 2000) o;
insert into webhook_secrets (owner_id, secret, created_at)
select md5('owner' || o)::uuid, 'whsec_' || encode(sha256(('secret' || o)::bytea), 'base64'), :'day_start'::timestamptz - interval '90 days'
  from generate_series(1, 2000) o;
insert into webhook_subscriptions (id, owner_id, target_url, created_at)
select md5('sub' || s)::uuid, md5('owner' || (case when s > 2000 then s - 2000 else s end))::uuid,
       'https://hooks' || s || '.example.com/enquiries', :'day_start'::timestamptz - interval '60 days' + s * interval '1 second'
  from generate_series(1, 3000) s;

-- Each owner's subscriptions, with their ids.
create table bench.subs as
select case when s > 2000 then s - 2000 else s end as owner, s, md5('sub' || s)::uuid as subscription_id,
       md5('owner' || (case when s > 2000 then s - 2000 else s end))::uuid as owner_id
  from generate_series(1, 3000) s;
create index on bench.subs (owner);
analyze bench.subs;

-- The generated deliveries: one row per (event, subscription), with its kind.
create or replace view bench.gen as
select e.i, e.owner, sub.s, e.submitted_at,
       md5('ev' || e.i)::uuid as event_id, md5('enq' || e.i)::uuid as enquiry_id,
       sub.owner_id, sub.subscription_id,
       case
           when sub.s = 2000 and e.submitted_at >= :'day_start'::timestamptz + interval '18 hours'
               then case when e.i > :events - 1000000 then 'bigwait' else 'bigpending' end
           when sub.s % 25 = 3 then 'failing'
           when r.u < 300.0 / :events then 'waitdue'
           when r.u < 1300.0 / :events then 'waitlater'
           when r.u < 1350.0 / :events then 'lost'
           when r.u < 1.0 / 12 then 'transient'
           else 'ok'
       end as kind
  from (select i, bench.owner_of(i) as owner,
               :'day_start'::timestamptz + (i - 0.5) * interval '86400 seconds' / :events as submitted_at
          from generate_series(1, :events) i) e
  join bench.subs sub on sub.owner = e.owner
  cross join lateral (select bench.u(e.i * 3 + sub.s / 2000, 4) as u) r;

\endif

-- webhook_events: the payload once per event, about 1 KB of JSON text.
\if :events_part
\echo === webhook_events
create table :"events_table" (like webhook_events including defaults including constraints);
insert into :"events_table" (event_id, submitted_at, enquiry_id, payload)
select md5('ev' || i)::uuid, submitted_at, md5('enq' || i)::uuid,
       format('{"type":"enquiry.created","id":"%s","occurred_at":"%s","data":{"enquiry_id":"%s","owner_id":"%s",'
                  '"property_id":"%s","status":"sent","subject":"Enquiry about your property","guest":{"name":"Guest %s",'
                  '"email":"guest%s@example.com"},"group_size":4,"check_in":"2027-07-10","check_out":"2027-07-17",'
                  '"occasion":null,"message":"%s"}}',
              md5('ev' || i)::uuid, to_char(submitted_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), md5('enq' || i)::uuid,
              md5('owner' || bench.owner_of(i))::uuid, md5('prop' || i % 5000)::uuid, i, i,
              repeat('We are a family of four looking for a quiet week by the sea. ', 10))::json
  from (select i, :'day_start'::timestamptz + (i - 0.5) * interval '86400 seconds' / :events as submitted_at
          from generate_series(1, :events) i) e;
\echo === attach webhook_events
alter table webhook_events attach partition :"events_table"
    for values from (:'day_start') to (:'day_start'::timestamptz + interval '1 day');
\endif

-- deliveries: one row per delivery, its final state for the day.
\if :deliveries_part
\echo === deliveries
create table :"deliveries_table" (like deliveries including defaults including constraints);
insert into :"deliveries_table" (webhook_id, submitted_at, event_id, subscription_id, owner_id, enquiry_id, status,
                              attempts, stage, next_attempt_at, updated_at)
select webhook_id(event_id, subscription_id), submitted_at, event_id, subscription_id, owner_id, enquiry_id,
       case kind when 'bigwait' then 'waiting' when 'bigpending' then 'pending' when 'failing' then 'abandoned'
                 when 'waitdue' then 'waiting' when 'waitlater' then 'waiting' when 'lost' then 'pending'
                 else 'succeeded' end,
       case kind when 'failing' then 3 when 'transient' then 2 when 'lost' then 0 else 1 end,
       case kind when 'failing' then 3 when 'transient' then 2 when 'bigwait' then 2 when 'bigpending' then 2
                 when 'waitdue' then 2 else 1 end,
       case kind when 'bigwait' then now() - interval '1 minute' - (i % 3600) * interval '1 second'
                 when 'waitdue' then now() - interval '1 minute' - (i % 600) * interval '1 second'
                 when 'waitlater' then now() + interval '1 day'
                 when 'bigpending' then now() + interval '2 hours'
                 when 'lost' then submitted_at + interval '1 second' end,
       least(submitted_at + case kind when 'failing' then interval '600 seconds' when 'transient' then interval '60 seconds'
                                      else interval '0.2 seconds' end,
             :'day_start'::timestamptz + interval '1 day' - interval '1 millisecond')
  from bench.gen;
\echo === attach deliveries
alter table deliveries attach partition :"deliveries_table"
    for values from (:'day_start') to (:'day_start'::timestamptz + interval '1 day');
\endif

-- delivery_attempts: one row per attempt, in the order they were made (ids in time order).
\if :attempts_part
\echo === delivery_attempts
create table :"attempts_table" (like delivery_attempts including defaults including constraints);
insert into :"attempts_table" (id, webhook_id, subscription_id, enquiry_id, attempt, outcome, http_status, error,
                            duration_ms, response_body, response_truncated, attempted_at, next_attempt_at)
select row_number() over (order by attempted_at, webhook_id, attempt), webhook_id, subscription_id, enquiry_id, attempt,
       outcome, http_status, null, duration_ms, response_body, false, attempted_at, next_attempt_at
  from (select webhook_id(g.event_id, g.subscription_id) as webhook_id, g.subscription_id, g.enquiry_id, n as attempt,
               case when g.kind = 'failing' and n = 3 then 'abandoned'
                    when g.kind in ('failing', 'bigwait', 'bigpending', 'waitdue', 'waitlater')
                      or g.kind = 'transient' and n = 1 then 'failed'
                    else 'succeeded' end as outcome,
               case when g.kind = 'failing' then 500 when g.kind in ('bigwait', 'bigpending') then 503
                    when g.kind in ('waitdue', 'waitlater') then 429
                    when g.kind = 'transient' and n = 1 then 503 else 200 end as http_status,
               20 + (g.i % 200)::integer as duration_ms,
               case when g.kind = 'failing' then '<html><head><title>500 Internal Server Error</title></head><body>Internal Server Error</body></html>'
                    when g.kind in ('waitdue', 'waitlater') then '{"error":"too many requests"}'
                    when g.kind in ('bigwait', 'bigpending') or g.kind = 'transient' and n = 1 then 'Service Unavailable'
                    else '{"received":true}' end as response_body,
               least(g.submitted_at + (20 + g.i % 200) * interval '1 millisecond'
                         + case n when 2 then interval '60 seconds' when 3 then interval '600 seconds' else interval '0' end,
                     :'day_start'::timestamptz + interval '1 day' - interval '1 millisecond') as attempted_at,
               case when g.kind = 'failing' and n < 3 or g.kind = 'transient' and n = 1
                        then g.submitted_at + case n when 1 then interval '60 seconds' else interval '600 seconds' end
                    when g.kind in ('bigwait', 'bigpending', 'waitdue', 'waitlater')
                        then g.submitted_at + interval '1 hour' end as next_attempt_at
          from bench.gen g
         cross join lateral generate_series(1, case g.kind when 'failing' then 3 when 'transient' then 2
                                                           when 'lost' then 0 else 1 end) n) a;
\echo === attach delivery_attempts
alter table delivery_attempts attach partition :"attempts_table"
    for values from (:'day_start') to (:'day_start'::timestamptz + interval '1 day');
\endif

\if :finish
select setval(pg_get_serial_sequence('delivery_attempts', 'id'), (select max(id) from delivery_attempts));

-- subscription_health: what the dispatcher would have kept after that day's last attempt.
\echo === subscription_health
insert into subscription_health (subscription_id, consecutive_failures, failing_since, last_attempt_at, last_outcome,
                                 last_success_at, last_http_status, last_error)
select h.subscription_id,
       case when h.s = 2000 then f.n when h.s % 25 = 3 then f.n else 0 end,
       case when h.s = 2000 then :'day_start'::timestamptz + interval '18 hours'
            when h.s % 25 = 3 then :'day_start'::timestamptz end,
       l.attempted_at, l.outcome,
       case when h.s % 25 = 3 and h.s <> 2000 then null
            when h.s = 2000 then :'day_start'::timestamptz + interval '18 hours' - interval '1 second'
            else l.attempted_at end,
       l.http_status, null
  from (select s, md5('sub' || s)::uuid as subscription_id from generate_series(1, 3000) s) h
  cross join lateral (select a.attempted_at, a.outcome, a.http_status from delivery_attempts a
                       where a.subscription_id = h.subscription_id
                       order by a.attempted_at desc, a.id desc limit 1) l
  cross join lateral (select case when h.s = 2000 or h.s % 25 = 3
                                  then (select count(*) from delivery_attempts a
                                         where a.subscription_id = h.subscription_id
                                           and a.outcome in ('failed', 'abandoned')
                                           and a.attempted_at >= :'day_start'::timestamptz
                                               + case when h.s = 2000 then interval '18 hours' else interval '0' end)
                                  else 0 end as n) f;

vacuum analyze owners, webhook_secrets, webhook_subscriptions, subscription_health;
\endif
