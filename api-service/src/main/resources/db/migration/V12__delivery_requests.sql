-- Deliveries asked for through the internal API (POST …/redeliver and …/recover), for
-- webhook-dispatcher to queue on webhook.deliveries: api-service has no Kafka client. The dispatcher
-- polls this table (oldest first, "for update skip locked"), queues each delivery with the same
-- webhook-id and the whole retry schedule, and deletes the rows once Kafka has them.
--
-- event_id: the outbox row (= the event id) whose payload is delivered; delivery: only when the
-- outbox row was already purged (INGEST_OUTBOX_RETENTION), the dispatcher's record of the event's
-- last failed delivery to that subscription (failed_deliveries.delivery), as it was attempted.
-- request_id: the X-Request-Id of the request that asked, for the dispatcher's logs.
create table delivery_requests (
    id              bigserial primary key,
    subscription_id uuid        not null references webhook_subscriptions (id) on delete cascade,
    enquiry_id      uuid        not null,
    event_id        uuid,
    delivery        json,
    request_id      text,
    requested_at    timestamptz not null default now(),
    check (event_id is not null or delivery is not null)
);
-- One pending request per event and subscription: asking again before the dispatcher has taken it
-- queues it once (insert … on conflict do nothing). Also the index of the cascade and of recover's
-- "not already requested" check. The dispatcher's poll (oldest first) is a range of the primary key.
create unique index delivery_requests_pending_key on delivery_requests (subscription_id, enquiry_id);

-- Requests made through failed_deliveries (V8) before this version move here, then its columns go.
insert into delivery_requests (subscription_id, enquiry_id, delivery, request_id, requested_at)
select subscription_id, enquiry_id, delivery, redeliver_request_id, redeliver_requested_at
  from failed_deliveries
 where redeliver_requested_at is not null
 order by redeliver_requested_at;
drop index failed_deliveries_requested_idx;
alter table failed_deliveries drop column redeliver_requested_at, drop column redeliver_request_id;

-- Redeliveries and recover read an event from the outbox by its enquiry; enquiry-ingest keeps
-- outbox rows for INGEST_OUTBOX_RETENTION (15 days by default, longer than recover's 14), and
-- purges older ones by created_at, which with that retention must not scan the table.
create index outbox_aggregate_idx on outbox (aggregate_id);
create index outbox_created_at_idx on outbox (created_at);
