-- Guest enquiries and the transactional outbox that carries enquiry.created to Kafka.

create table enquiries (
    id          uuid primary key,
    property_id uuid        not null references properties (id),
    owner_id    uuid        not null references owners (id), -- denormalised: every owner query is one index range
    subject     text        not null,
    message     text        not null,
    status      text        not null check (status in ('sent', 'responded', 'archived')),
    user_name   text        not null,
    user_email  text        not null,
    group_size  integer     not null check (group_size > 0),
    check_in    date        not null,
    check_out   date        not null check (check_out > check_in),
    occasion    text,
    sent_at     timestamptz not null,
    updated_at  timestamptz not null
);
-- Lists are newest first (sent_at desc, id desc) and filtered by owner, property and status:
-- each filter combination below is a single index range scan that stops at the limit.
create index enquiries_owner_recent_idx on enquiries (owner_id, sent_at desc, id desc);
create index enquiries_owner_status_recent_idx on enquiries (owner_id, status, sent_at desc, id desc);
create index enquiries_property_recent_idx on enquiries (property_id, sent_at desc, id desc);
create index enquiries_property_status_recent_idx on enquiries (property_id, status, sent_at desc, id desc);

-- One row per event, written in the transaction that creates the enquiry; payload is the exact
-- event JSON (json, not jsonb, so that its text is kept as written).
create table outbox (
    id             uuid primary key,
    aggregate_type text        not null,
    aggregate_id   uuid        not null,
    event_type     text        not null,
    payload        json        not null,
    request_id     text,
    created_at     timestamptz not null default now()
);
