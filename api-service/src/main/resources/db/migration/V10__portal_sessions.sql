-- The owner portal: one-time links minted by the listing site's back end, and the sessions they
-- open. Only SHA-256 hashes of link tokens and session ids are stored; both carry 256 random bits.
create table portal_links (
    token_hash bytea primary key,
    owner_id   uuid        not null references owners (id) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at    timestamptz
);
create index portal_links_expires_idx on portal_links (expires_at);

-- csrf_token: the synchronizer token every form of the session carries.
-- flash_*: what the page shows once after the next redirect (Post/Redirect/Get), then clears:
-- a message, whether it reports an error, a newly created token's value (cleared on that read),
-- and whether the owner asked to see the signing secret.
create table portal_sessions (
    id_hash        bytea primary key,
    owner_id       uuid        not null references owners (id) on delete cascade,
    csrf_token     text        not null,
    created_at     timestamptz not null default now(),
    expires_at     timestamptz not null,
    flash_message  text,
    flash_error    boolean     not null default false,
    flash_token    text,
    flash_secret   boolean     not null default false
);
create index portal_sessions_expires_idx on portal_sessions (expires_at);
