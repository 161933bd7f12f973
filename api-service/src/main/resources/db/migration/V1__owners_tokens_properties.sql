-- Owners, their personal access tokens and their properties.

create table owners (
    id         uuid primary key,
    email      text        not null,
    created_at timestamptz not null default now()
);
create unique index owners_email_key on owners (lower(email));

-- The secret that signs an owner's webhook deliveries (Standard Webhooks, "whsec_" + base64).
-- Kept apart from owners so that it can be rotated (several rows per owner) later on.
create table webhook_secrets (
    owner_id   uuid primary key references owners (id) on delete cascade,
    secret     text        not null,
    created_at timestamptz not null default now()
);

-- Only the SHA-256 of a token is stored; the value is shown once, at creation.
create table access_tokens (
    id           uuid primary key,
    owner_id     uuid        not null references owners (id) on delete cascade,
    name         text        not null,
    token_hash   bytea       not null,
    scopes       text[]      not null,
    created_at   timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at   timestamptz
);
create unique index access_tokens_hash_key on access_tokens (token_hash);
create index access_tokens_owner_idx on access_tokens (owner_id, created_at, id);

create table properties (
    id          uuid primary key,
    owner_id    uuid        not null references owners (id) on delete cascade,
    title       text        not null,
    location    text        not null,
    url_slug    text        not null,
    unique_code text        not null,
    status      text        not null default 'active',
    created_at  timestamptz not null default now()
);
create unique index properties_url_slug_key on properties (url_slug);
create unique index properties_unique_code_key on properties (unique_code);
create index properties_owner_idx on properties (owner_id, created_at, id);
