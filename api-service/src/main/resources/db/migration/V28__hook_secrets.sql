-- A signing secret per hook (GET and POST /internal/v1/owners/{ownerId}/hooks/{hookId}/secret[/rotate]).
--
-- A hook signs with its owner's secret (webhook_secrets) until its own secret is rotated; from then
-- on it has a row here and signs with that, while the owner's other hooks keep signing with the
-- owner's. No row is made for existing or new hooks: every receiver keeps the secret it has.
--
-- secret, previous_secret, rotated_at: as in webhook_secrets (V11, V16): encrypted with SecretCipher,
-- the hook's owner's id as associated data; previous_secret signs beside secret while
-- now() < rotated_at + WEBHOOK_SECRET_OVERLAP and is erased by api-service once that has passed. The
-- first rotation of a hook's secret keeps the owner's secret as the previous one: the receiver that
-- checked the owner's secret keeps working through the overlap.
create table hook_secrets (
    subscription_id uuid primary key references webhook_subscriptions (id) on delete cascade,
    secret          text        not null,
    previous_secret text,
    rotated_at      timestamptz not null
);

comment on column hook_secrets.secret is
    'The hook''s own signing secret, encrypted: v1.<keyId>.<base64url(nonce||ciphertext||tag)> (AES-256-GCM, the hook owner''s id as associated data)';
comment on column hook_secrets.previous_secret is
    'The secret the latest rotation of this hook''s secret replaced (the owner''s at the first), encrypted like secret; erased (null) once rotated_at + WEBHOOK_SECRET_OVERLAP has passed';

create index hook_secrets_previous_idx on hook_secrets (rotated_at) where previous_secret is not null;

grant select, insert, update, delete on hook_secrets to api_service;

-- The dispatcher's read contract: the secrets stay encrypted here, as in api_read.webhook_secrets.
create view api_read.hook_secrets as
select subscription_id, secret, previous_secret, rotated_at from public.hook_secrets;

grant select on api_read.hook_secrets to webhook_dispatcher;

-- The portal shows a hook's secret once after its row's "Reveal secret" or "Rotate secret", as it shows
-- the owner's (flash_secret): flash_secret_hook names the hook whose secret the next page shows.
alter table portal_sessions add column flash_secret_hook uuid;
