-- Each service owns its data (docs/OPERATIONS.md, "Who owns which table"): every table has one writing
-- service, in that service's own schema, made by that service's own migrations.
--   public           api-service's tables, made by these migrations (its Flyway history is here)
--   api_read         api-service's read contract for webhook-dispatcher: views of subscriptions,
--                    properties and signing secrets (below)
--   dispatcher       webhook-dispatcher's delivery model, made by its own migrations
--                    (webhook-dispatcher/src/main/resources/db/migration) as its own owner role
--   dispatcher_read  the dispatcher's read contract for api-service
-- enquiry-ingest writes no table: it streams the outbox through the publication enquiry_outbox (the
-- outbox's read contract) and its heartbeat is a logical decoding message, not a row.
--
-- The delivery model's tables, which these migrations made while one schema held every service's
-- tables, are dropped here with their rows and made anew by the dispatcher in its schema: nothing of
-- them had been released. So are the outbox heartbeat's table and the dispatcher's rights here.

drop function if exists create_day_partitions(regclass, date, date), drop_day_partitions(regclass, date),
    day_partitioned(regclass), create_day_partitions_of(regclass, date, date), drop_day_partitions_of(regclass, date);
drop table if exists deliveries, webhook_events, delivery_attempts, subscription_health, operational_events,
    hook_throttles, attempt_counts, applied_commands;
drop function if exists webhook_id(uuid, uuid);
drop table if exists outbox_heartbeat;

revoke all on all tables in schema public from webhook_dispatcher;
revoke all on all sequences in schema public from webhook_dispatcher;
revoke usage on schema public from webhook_dispatcher;

-- enquiry-ingest reads the outbox through the publication and purges nothing.
revoke delete on outbox from enquiry_ingest;

create schema if not exists api_read;

-- What the dispatcher needs to route and sign a delivery. A change to a table here keeps these views'
-- columns, or changes the dispatcher in the same release.
create view api_read.properties as
select id, owner_id from public.properties;

create view api_read.webhook_subscriptions as
select id, owner_id, target_url, property_id, event, paused, unsubscribed_at, unsubscribe_reason, created_at,
       throttle_per_second, disabled_at, resumed_at
  from public.webhook_subscriptions;

-- The secrets stay encrypted here; the dispatcher holds the keys that decrypt them.
create view api_read.webhook_secrets as
select owner_id, secret, previous_secret, rotated_at from public.webhook_secrets;

grant usage on schema api_read to webhook_dispatcher;
grant select on all tables in schema api_read to webhook_dispatcher;

-- api-service purges its outbox itself (OutboxPurge; it was enquiry-ingest's).
grant delete on outbox to api_service;
