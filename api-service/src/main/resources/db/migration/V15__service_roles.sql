-- Least privilege (docs/OPERATIONS.md, "Security"): the migrations run as the schema's owner; each
-- service logs in as its own role, none of them superuser, with only the rights its code uses.
-- The roles are made by whoever sets up the database (dev/up.sh, docker-compose's init script, a
-- DBA), because making roles needs a right that the schema's owner should not have:
--   create role api_service login password '…';
--   create role enquiry_ingest login replication password '…';
--   create role webhook_dispatcher login password '…';
-- Every later migration grants its new tables' rights to the roles that use them.
do $$
declare
    missing text := (select string_agg(name, ', ')
                       from unnest(array['api_service', 'enquiry_ingest', 'webhook_dispatcher']) name
                      where not exists (select 1 from pg_roles where rolname = name));
begin
    if missing is not null then
        raise exception 'the service roles % do not exist: create them before migrating (see docs/OPERATIONS.md, "Security")', missing;
    end if;
end $$;

grant usage on schema public to api_service, enquiry_ingest, webhook_dispatcher;

-- api-service: owners, their tokens, properties, enquiries and their outbox rows, subscriptions and
-- signing secrets, the portal's links and sessions, idempotency keys, rate limits; it marks deliveries
-- as asked for (redeliver, recover, the dead-letter replay) and reads the delivery log. It never
-- writes the attempt log or the hooks' health, and deletes nothing of the delivery model.
grant select, insert, update, delete on owners, access_tokens, properties, idempotency_keys, portal_links,
    portal_sessions, rate_limit_counters, webhook_subscriptions, webhook_secrets to api_service;
grant select, insert, update on enquiries to api_service;
grant select, insert on outbox to api_service;
grant select, insert, update on deliveries to api_service;
grant select, insert on webhook_events to api_service;
grant select on delivery_attempts, subscription_health to api_service;

-- enquiry-ingest: streams the outbox by replication (its role has REPLICATION; the publication and
-- the slot exist since V5 and V6), beats the heartbeat row, and purges published outbox rows.
grant select, delete on outbox to enquiry_ingest;
grant select, update on outbox_heartbeat to enquiry_ingest;

-- webhook-dispatcher: routing reads owners, properties, subscriptions and the signing secrets; it owns
-- the delivery model's rows, ends a subscription on 410, and erases a previous secret after its
-- overlap. It cannot read access tokens, idempotency keys, portal links or sessions, or enquiries.
grant select on owners, properties to webhook_dispatcher;
grant select, update (unsubscribed_at, unsubscribe_reason) on webhook_subscriptions to webhook_dispatcher;
grant select, update (previous_secret) on webhook_secrets to webhook_dispatcher;
grant select, insert, update, delete on deliveries, webhook_events, delivery_attempts, subscription_health,
    operational_events to webhook_dispatcher;
grant select, delete on deliveries_default, webhook_events_default, delivery_attempts_default to webhook_dispatcher;
grant usage on all sequences in schema public to webhook_dispatcher;

-- Day partitions are made and dropped by the tables' owner on the dispatcher's behalf (making and
-- dropping a partition takes its table's owner), and only for the delivery model's three tables: the
-- functions of V14 become the owner's alone, behind checked ones that run with the owner's rights.
alter function create_day_partitions(regclass, date, date) rename to create_day_partitions_of;
alter function drop_day_partitions(regclass, date) rename to drop_day_partitions_of;
revoke execute on function create_day_partitions_of(regclass, date, date), drop_day_partitions_of(regclass, date) from public;

create function day_partitioned(parent regclass) returns regclass
    language plpgsql stable as $$
begin
    if parent not in ('public.deliveries'::regclass, 'public.delivery_attempts'::regclass, 'public.webhook_events'::regclass) then
        raise exception '% is not one of the tables partitioned by day', parent using errcode = '42501';
    end if;
    return parent;
end $$;

create function create_day_partitions(parent regclass, first_day date, last_day date) returns integer
    language sql security definer set search_path = public, pg_temp
    return create_day_partitions_of(day_partitioned(parent), first_day, last_day);

create function drop_day_partitions(parent regclass, before_day date) returns integer
    language sql security definer set search_path = public, pg_temp
    return drop_day_partitions_of(day_partitioned(parent), before_day);

revoke execute on function create_day_partitions(regclass, date, date), drop_day_partitions(regclass, date) from public;
grant execute on function create_day_partitions(regclass, date, date), drop_day_partitions(regclass, date) to webhook_dispatcher;
