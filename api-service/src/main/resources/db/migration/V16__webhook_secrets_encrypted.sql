-- Webhook signing secrets are stored encrypted, and the previous secret is erased when its overlap ends.
--
-- secret, previous_secret: "v1.<keyId>.<base64url(nonce || ciphertext || tag)>", AES-256-GCM under the key
-- <keyId> of SECRETS_ENCRYPTION_KEYS, the owner's id as associated data (SecretCipher, enquiry-events).
-- This migration cannot encrypt (it has no key): api-service re-encrypts plain values and values of a
-- key other than the first at every start (docs/OPERATIONS.md, "Encryption keys of the webhook secrets").
--
-- V11 kept previous_secret after the overlap; now webhook-dispatcher sets it to null once
-- rotated_at + WEBHOOK_SECRET_OVERLAP has passed (rotated_at is kept: when the latest rotation was).
comment on column webhook_secrets.secret is
    'The current signing secret, encrypted: v1.<keyId>.<base64url(nonce||ciphertext||tag)> (AES-256-GCM, owner id as associated data)';
comment on column webhook_secrets.previous_secret is
    'The secret the latest rotation replaced, encrypted like secret; erased (null) by webhook-dispatcher once rotated_at + WEBHOOK_SECRET_OVERLAP has passed';
comment on column webhook_secrets.rotated_at is
    'When the latest rotation happened; kept after previous_secret is erased';

-- The erasure's lookup: only rows that still hold a previous secret.
create index webhook_secrets_previous_idx on webhook_secrets (rotated_at) where previous_secret is not null;
