-- Idempotency keys of the listing site's intake (POST /internal/v1/enquiries, header
-- Idempotency-Key). A key's row is written in the transaction that creates the enquiry and its
-- outbox row, so it exists exactly when its enquiry does, and its primary key makes a second
-- creation with the same key impossible, whichever replica the retry reaches.
--
-- request_hash: hex SHA-256 of the operation and the canonical JSON of the parsed request; a retry
-- with another request under the same key is refused (422).
-- response_status, response_body: the first answer, answered again to every retry (json, not
-- jsonb, so that its text is kept as written).
-- created_at: the key is live for IDEMPOTENCY_KEY_RETENTION (24h) after it, then free again; api-service
-- deletes expired rows in batches every IDEMPOTENCY_PURGE_INTERVAL.
create table idempotency_keys (
    idempotency_key text        primary key,
    request_hash    text        not null,
    response_status smallint    not null,
    response_body   json        not null,
    created_at      timestamptz not null
);
-- The purge's range of expired keys.
create index idempotency_keys_created_at_idx on idempotency_keys (created_at);
