-- Custom headers per hook (PUT /internal/v1/owners/{ownerId}/hooks/{hookId}/headers and the portal's
-- "Custom headers" section): up to 10 static headers (an `Authorization: Bearer …` of the receiving
-- system, an `X-Tenant`) that webhook-dispatcher sends with every delivery and test event of the hook.
--
-- headers: the JSON object {"Name": "value", …} as the owner set it, encrypted with SecretCipher
-- (AES-256-GCM, the hook owner's id as associated data), as webhook_secrets and hook_secrets are: the
-- values are credentials of the receiving system. A hook without headers has no row; setting none
-- ({}) deletes it. The names and values are checked by api-service before they are stored; the
-- dispatcher sends them as stored and keeps them in an attempt's request_headers with the value masked.
create table hook_headers (
    subscription_id uuid primary key references webhook_subscriptions (id) on delete cascade,
    headers         text        not null,
    updated_at      timestamptz not null default now()
);

comment on column hook_headers.headers is
    'The hook''s custom headers as a JSON object, encrypted: v1.<keyId>.<base64url(nonce||ciphertext||tag)> (AES-256-GCM, the hook owner''s id as associated data)';

grant select, insert, update, delete on hook_headers to api_service;

-- The dispatcher's read contract: the headers stay encrypted here, as in api_read.hook_secrets.
create view api_read.hook_headers as
select subscription_id, headers from public.hook_headers;

grant select on api_read.hook_headers to webhook_dispatcher;
