-- Webhook subscriptions and the log of delivery attempts that webhook-dispatcher writes.

create table webhook_subscriptions (
    id                 uuid primary key,
    owner_id           uuid        not null references owners (id) on delete cascade,
    target_url         text        not null,
    property_id        uuid references properties (id) on delete cascade, -- null: all the owner's properties
    event              text        not null default 'enquiry.created',
    paused             boolean     not null default false,
    unsubscribed_at    timestamptz,
    unsubscribe_reason text check (unsubscribe_reason in ('deleted', 'gone')),
    created_at         timestamptz not null default now(),
    check ((unsubscribed_at is null) = (unsubscribe_reason is null))
);
-- Subscribing the same target with the same property filter again finds the existing subscription.
create unique index webhook_subscriptions_active_key
    on webhook_subscriptions (owner_id, target_url, property_id) nulls not distinct
    where unsubscribed_at is null;
create index webhook_subscriptions_owner_idx on webhook_subscriptions (owner_id, created_at, id);
-- The dispatcher's lookup: active subscriptions of an owner (all properties or one).
create index webhook_subscriptions_routing_idx on webhook_subscriptions (owner_id, property_id)
    where unsubscribed_at is null and not paused;

-- outcome: succeeded (2xx), failed (will be retried), abandoned (the last retry failed), gone (410).
create table delivery_attempts (
    id                bigint generated always as identity primary key,
    subscription_id   uuid        not null references webhook_subscriptions (id) on delete cascade,
    enquiry_id        uuid        not null,
    attempt           integer     not null check (attempt > 0),
    outcome           text        not null check (outcome in ('succeeded', 'failed', 'abandoned', 'gone')),
    http_status       integer,
    error             text,
    duration_ms       integer,
    response_body     text check (octet_length(response_body) <= 1024),
    attempted_at      timestamptz not null,
    next_attempt_at   timestamptz
);
create index delivery_attempts_subscription_recent_idx
    on delivery_attempts (subscription_id, attempted_at desc, id desc);
create index delivery_attempts_subscription_success_idx
    on delivery_attempts (subscription_id, attempted_at desc) where outcome = 'succeeded';
create index delivery_attempts_enquiry_idx on delivery_attempts (subscription_id, enquiry_id, attempt);
