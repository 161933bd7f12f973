-- The latest failed delivery of each event to each subscription, kept by webhook-dispatcher so that
-- the portal can have it delivered again (POST …/deliveries/{enquiryId}/redeliver) after its retries
-- are over: by then the event has left the outbox (INGEST_OUTBOX_RETENTION), and api-service has no
-- Kafka client. The dispatcher writes a row with the attempt that failed (in the attempt log's
-- transaction) and deletes it after WEBHOOK_ATTEMPT_RETENTION.
--
-- delivery: the webhook.deliveries record value (the dispatcher's DeliveryRequest JSON) exactly as
-- it was attempted; json, not jsonb, so that the event payload inside keeps its text.
-- redeliver_requested_at, redeliver_request_id: set by api-service when a redelivery is asked for
-- (with the id of that request, for the logs); the dispatcher queues the delivery again and clears
-- redeliver_requested_at. Asking again before that queues it once.
create table failed_deliveries (
    subscription_id        uuid        not null references webhook_subscriptions (id) on delete cascade,
    enquiry_id             uuid        not null,
    delivery               json        not null,
    failed_at              timestamptz not null,
    redeliver_requested_at timestamptz,
    redeliver_request_id   text,
    primary key (subscription_id, enquiry_id)
);
-- The dispatcher's poll for requested redeliveries: an empty index range almost always.
create index failed_deliveries_requested_idx on failed_deliveries (redeliver_requested_at)
    where redeliver_requested_at is not null;
-- The hourly purge of rows older than WEBHOOK_ATTEMPT_RETENTION.
create index failed_deliveries_failed_at_idx on failed_deliveries (failed_at);
